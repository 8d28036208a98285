import { Module } from '@nestjs/common';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { InboundDeliveriesRepository } from './inbound/inbound-deliveries.repository';
import { InboundLeadsController } from './inbound/inbound-leads.controller';
import { InboundLeadsService } from './inbound/inbound-leads.service';
import { LeadSourceKeyGuard } from './inbound/lead-source-key.guard';
import { LeadSourceKeysRepository } from './lead-source-keys.repository';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { LeadSourcesController } from './lead-sources.controller';
import { LeadSourcesRepository } from './lead-sources.repository';
import { LeadSourcesService } from './lead-sources.service';

/** Lead sources as admins keep them (GET/POST/PATCH/DELETE /api/lead-sources, their API keys) and the inbound API their keys open (POST /api/inbound/leads). */
@Module({
  imports: [LeadIntakeModule],
  controllers: [LeadSourcesController, InboundLeadsController],
  providers: [LeadSourcesRepository, LeadSourceKeysRepository, LeadSourceRefusalsRepository, InboundDeliveriesRepository, InboundLeadsService, LeadSourcesService, LeadSourceKeyGuard],
  exports: [LeadSourceRefusalsRepository, InboundLeadsService],
})
export class LeadSourcesModule {}
