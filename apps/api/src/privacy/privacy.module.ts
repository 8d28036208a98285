import { Module, OnModuleInit } from '@nestjs/common';
import { LiveEventsService } from '../events/live-events.service';
import { LeadsModule } from '../leads/leads.module';
import { VapiServerApiModule } from '../voice/vapi-server-api.module';
import { AccessArchiveService } from './access-archive.service';
import { ErasureService } from './erasure.service';
import { PersonRecordsRepository } from './person-records.repository';
import { PrivacyController } from './privacy.controller';
import { DailyRunsRepository } from './retention/daily-runs.repository';
import { MergeRecordsPurge } from './retention/merge-records-purge';
import { RetentionPurge } from './retention/retention-purge';
import { VapiDeleter } from './vapi-deletions/vapi-deleter';
import { VapiDeletionsRepository } from './vapi-deletions/vapi-deletions.repository';

/** People's rights over their data: the access archive, erasure (with Vapi's deletions), the retention purge and the purge of merge records. */
@Module({
  imports: [LeadsModule, VapiServerApiModule],
  controllers: [PrivacyController],
  providers: [PersonRecordsRepository, AccessArchiveService, ErasureService, VapiDeletionsRepository, VapiDeleter, DailyRunsRepository, RetentionPurge, MergeRecordsPurge],
})
export class PrivacyModule implements OnModuleInit {
  constructor(private readonly liveEvents: LiveEventsService) {}

  onModuleInit(): void {
    // An erased or merged lead is gone: there is nothing to read back; its signal names who saw it (liveEventFor).
    this.liveEvents.registerLoader(['lead.removed'], async (ids) => new Map(ids.map((id) => [id, { data: { id }, lead: null }])));
  }
}
