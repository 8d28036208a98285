import { Injectable } from '@nestjs/common';
import type { PropertySearchCriteria } from '@lead-desk/contracts';
import { PropertiesRepository } from '../properties.repository';
import { searchProperties, type PropertySearchAnswer } from './property-search';

/**
 * The agent's `search_properties` tool: the available properties read once (a few hundred
 * rows at most, on the (status, price) index) and searched by the pure `searchProperties`.
 * Its criteria are the tool's arguments as `searchPropertiesArguments` reads them.
 */
@Injectable()
export class PropertySearchService {
  constructor(private readonly properties: PropertiesRepository) {}

  async search(criteria: PropertySearchCriteria): Promise<PropertySearchAnswer> {
    return searchProperties(await this.properties.list(['available']), criteria);
  }
}
