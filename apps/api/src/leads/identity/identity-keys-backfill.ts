import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { PeriodicTask } from '../../common/periodic-task';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { PossibleDuplicates } from '../duplicates/possible-duplicates';
import { LeadsRepository } from '../leads.repository';

/** The app_settings row the upgrade to identity keys left: which stored leads still need their keys. */
const BACKFILL_KEY = 'identity_keys_backfill';
const progressSchema = z.object({ after: z.string(), until: z.string() });
const BATCH = 1000;
/** How soon a failed or interrupted backfill is taken up again (by this process or another). */
const RETRY_MS = 30_000;

/**
 * Gives the leads stored before identity keys existed their email_key, name_key and
 * location_key (code the migration's SQL does not have; and a million rows rewritten in the
 * migration held every write back for a minute and a half on PostgreSQL), a batch of lead ids
 * at a time in id order, then pairs each with the first lead of the same Gmail mailbox written
 * another way and of a close name in the same location, as a new lead is (without timeline
 * entries: nothing was written to those leads). Each
 * batch moves the progress row in its own transaction under a lock, so several API
 * processes share the work and none repeats a batch; the row goes once every lead is done.
 */
@Injectable()
export class IdentityKeysBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IdentityKeysBackfill.name);
  private stopping = false;
  private readonly rounds = new PeriodicTask(
    () => this.runToEnd(),
    (error) => this.logger.error({ err: error }, 'Filling the identity keys of stored leads failed; trying again'),
  );

  constructor(
    private readonly database: Database,
    private readonly leads: LeadsRepository,
    private readonly possibleDuplicates: PossibleDuplicates,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(RETRY_MS, { runNow: true });
  }

  /** Before the database closes: the batch in progress commits first. */
  onModuleDestroy(): Promise<void> {
    this.stopping = true;
    return this.rounds.stop();
  }

  /** Batches until none is left (or the app stops). */
  async runToEnd(): Promise<void> {
    let keyed = 0;
    for (;;) {
      if (this.stopping) return;
      const batch = await this.database.transaction((db) => this.nextBatch(db));
      if (batch === undefined) break;
      keyed += batch;
      // Requests are answered between batches: SQLite's driver holds the event loop while it works.
      await yieldToEventLoop();
    }
    if (keyed > 0) this.logger.log({ keyed }, 'Stored leads have their identity keys');
  }

  /** One batch: undefined once nothing is left to do. */
  private async nextBatch(db: TransactionClient): Promise<number | undefined> {
    await this.database.lock([BACKFILL_KEY], db);
    const row = await db.appSetting.findUnique({ where: { key: BACKFILL_KEY } });
    if (!row) return undefined;
    const { after, until } = progressSchema.parse(JSON.parse(row.value));
    const leads = await this.leads.findByIdRange(after, until, BATCH, db);
    if (leads.length === 0) {
      await db.appSetting.delete({ where: { key: BACKFILL_KEY } });
      return undefined;
    }
    await this.leads.fillIdentityKeys(leads, db);
    await this.possibleDuplicates.pairStoredLeads(leads, db, new Date());
    await db.appSetting.update({ where: { key: BACKFILL_KEY }, data: { value: JSON.stringify({ after: leads.at(-1)!.id, until }) } });
    return leads.length;
  }
}
