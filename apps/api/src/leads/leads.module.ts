import { Module, OnModuleInit } from '@nestjs/common';
import { fileUploadsModule } from '../common/file-uploads.module';
import { LiveEventsService } from '../events/live-events.service';
import { DemoLeadsSeeder } from './demo/demo-leads.seeder';
import { LeadsController } from './leads.controller';
import { LeadsExportRepository } from './leads-export.repository';
import { LeadsRepository } from './leads.repository';
import { LeadEditsService } from './lead-edits.service';
import { ImportContactRules } from './import/import-contact-rules';
import { LeadImportService } from './import/lead-import.service';
import { LeadsService } from './leads.service';
import { LeadRouter } from './routing/lead-router';
import { ConsentRecordsModule } from '../compliance/consent-records.module';
import { SettingsModule } from '../settings/settings.module';
import { StaffModule } from '../staff/staff.module';
import { TagsModule } from '../tags/tags.module';
import { LeadTagsController } from './lead-tags.controller';
import { LeadSourcesRepository } from './sources/lead-sources.repository';
import { toLeadOutput } from './outputs/lead.output';

@Module({
  imports: [
    ConsentRecordsModule,
    SettingsModule,
    StaffModule,
    TagsModule,
    fileUploadsModule(),
  ],
  controllers: [LeadsController, LeadTagsController],
  providers: [LeadsService, LeadEditsService, LeadImportService, ImportContactRules, LeadsRepository, LeadSourcesRepository, LeadsExportRepository, DemoLeadsSeeder, LeadRouter],
  exports: [LeadsService, LeadImportService, LeadsRepository, LeadsExportRepository, DemoLeadsSeeder, LeadRouter],
})
export class LeadsModule implements OnModuleInit {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly leads: LeadsRepository,
  ) {}

  onModuleInit(): void {
    this.liveEvents.registerLoader(['lead.created', 'lead.updated'], async (ids) => {
      const leads = await this.leads.findByIds(ids);
      return new Map(leads.map((lead) => [lead.id, { data: toLeadOutput(lead), lead: { leadId: lead.id, ownerId: lead.ownerId } }]));
    });
  }
}
