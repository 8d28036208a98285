import { Injectable } from '@nestjs/common';
import { searchPropertiesArguments } from '@lead-desk/contracts';
import { PropertySearchService } from '../../../properties/search/property-search.service';
import type { AgentTool, ToolOutcome } from './agent-tool';
import { invalidArguments } from './invalid-arguments';
import { SEARCH_PROPERTIES } from './tool-names';

/** `search_properties`: the few best available matches for the caller's city, locality, type, budget and bedrooms, phrased to be read aloud. */
@Injectable()
export class SearchPropertiesTool implements AgentTool {
  readonly name = SEARCH_PROPERTIES;

  constructor(private readonly search: PropertySearchService) {}

  async run(args: Record<string, unknown>): Promise<ToolOutcome> {
    const criteria = searchPropertiesArguments.safeParse(args);
    if (!criteria.success) return invalidArguments(criteria.error);
    return { result: (await this.search.search(criteria.data)).text };
  }
}
