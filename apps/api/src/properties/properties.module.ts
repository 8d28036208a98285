import { Module } from '@nestjs/common';
import { PropertiesController } from './properties.controller';
import { PropertiesRepository } from './properties.repository';
import { PropertiesService } from './properties.service';
import { PropertySearchService } from './search/property-search.service';

/**
 * The properties the customer page shows and the agent offers (GET /api/properties, the
 * admins' GET/POST/PATCH), and the search behind the agent's `search_properties` tool.
 * PropertiesRepository is exported for what else reads a property (a callback request's, a site visit's).
 */
@Module({
  controllers: [PropertiesController],
  providers: [PropertiesRepository, PropertiesService, PropertySearchService],
  exports: [PropertiesRepository, PropertySearchService],
})
export class PropertiesModule {}
