import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DndListSummary, DndListUploadResult } from '@lead-desk/contracts';
import { Clock } from '../common/clock';
import { InvalidFieldsException } from '../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { StaffRepository } from '../staff/staff.repository';
import { readDndListFile } from './dnd-list-file';
import { DndListRepository } from './dnd-list.repository';

/** The DND scrub list admins upload: replaced or merged in one transaction, never applied in part. */
@Injectable()
export class DndListService {
  private readonly logger = new Logger(DndListService.name);

  constructor(
    private readonly database: Database,
    private readonly list: DndListRepository,
    private readonly staff: StaffRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async summary(): Promise<DndListSummary> {
    const [count, upload] = await Promise.all([this.list.count(), this.list.lastUpload()]);
    return { count, ...(await this.describe(upload)) };
  }

  async upload(file: Buffer, mode: 'replace' | 'merge', actorId: string | null): Promise<DndListUploadResult> {
    const read = readDndListFile(file, this.config.DEFAULT_PHONE_REGION);
    if ('errors' in read) throw new InvalidFieldsException(read.errors, `The scrub list was not applied: ${read.errors[0].field} ${read.errors[0].message}.`);
    const at = this.clock.now();
    const outcome = await this.database.transaction(async (tx) => {
      // Two uploads at once, from any API process, apply one after the other.
      await this.database.lock(['dnd-list'], tx);
      const before = await this.list.count(tx);
      const listed = await this.list.countListed(read.numbers, tx);
      if (mode === 'replace') await this.list.clear(tx);
      await this.list.add(read.numbers, at, tx);
      await this.list.recordUpload({ uploadedAt: at.toISOString(), uploadedById: actorId, mode }, tx);
      return { added: read.numbers.length - listed, removed: mode === 'replace' ? before - listed : 0 };
    });
    this.logger.log({ mode, ...outcome, by: actorId }, 'DND scrub list uploaded');
    return { ...(await this.summary()), ...outcome };
  }

  private async describe(upload: Awaited<ReturnType<DndListRepository['lastUpload']>>): Promise<Omit<DndListSummary, 'count'>> {
    if (!upload) return { uploadedAt: null, uploadedBy: null, mode: null };
    const by = upload.uploadedById ? await this.staff.findById(upload.uploadedById) : null;
    return { uploadedAt: upload.uploadedAt, uploadedBy: by && { id: by.id, name: by.name }, mode: upload.mode };
  }
}
