import { Module, OnModuleInit } from '@nestjs/common';
import { fileUploadsModule } from '../common/file-uploads.module';
import { LiveEventsService } from '../events/live-events.service';
import { DemoLeadsSeeder } from './demo/demo-leads.seeder';
import { LeadsController } from './leads.controller';
import { LeadsExportRepository } from './leads-export.repository';
import { LeadsRepository } from './leads.repository';
import { LeadEditsService } from './lead-edits.service';
import { ImportContactRules } from './import/import-contact-rules';
import { ImportNotes } from './import/import-notes';
import { LeadImportService } from './import/lead-import.service';
import { LeadsService } from './leads.service';
import { LeadRouter } from './routing/lead-router';
import { ConsentRecordsModule } from '../compliance/consent-records.module';
import { CallbackCadencesModule } from '../voice/callbacks/callback-cadences.module';
import { NotesModule } from '../notes/notes.module';
import { SettingsModule } from '../settings/settings.module';
import { StaffModule } from '../staff/staff.module';
import { TagsModule } from '../tags/tags.module';
import { LeadTagsController } from './lead-tags.controller';
import { LeadDuplicatesController } from './duplicates/lead-duplicates.controller';
import { LeadDuplicatesRepository } from './duplicates/lead-duplicates.repository';
import { LeadDuplicatesService } from './duplicates/lead-duplicates.service';
import { PossibleDuplicates } from './duplicates/possible-duplicates';
import { IdentityKeysBackfill } from './identity/identity-keys-backfill';
import { LeadSourcesRepository } from './sources/lead-sources.repository';
import { LeadBelongingsRepository } from './merge/lead-belongings.repository';
import { LeadMergeController } from './merge/lead-merge.controller';
import { LeadMergeService } from './merge/lead-merge.service';
import { LeadMergesRepository } from './merge/lead-merges.repository';
import { toLeadOutput } from './outputs/lead.output';

@Module({
  imports: [
    CallbackCadencesModule,
    ConsentRecordsModule,
    NotesModule,
    SettingsModule,
    StaffModule,
    TagsModule,
    fileUploadsModule(),
  ],
  controllers: [LeadDuplicatesController, LeadMergeController, LeadsController, LeadTagsController],
  providers: [
    LeadsService,
    LeadEditsService,
    LeadImportService,
    ImportContactRules,
    ImportNotes,
    LeadsRepository,
    LeadSourcesRepository,
    LeadsExportRepository,
    DemoLeadsSeeder,
    LeadRouter,
    LeadDuplicatesRepository,
    LeadDuplicatesService,
    PossibleDuplicates,
    IdentityKeysBackfill,
    LeadBelongingsRepository,
    LeadMergesRepository,
    LeadMergeService,
  ],
  exports: [LeadsService, LeadImportService, LeadsRepository, LeadsExportRepository, DemoLeadsSeeder, LeadRouter, LeadDuplicatesRepository, PossibleDuplicates, LeadMergesRepository],
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
