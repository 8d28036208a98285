import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { LeadDuplicate, ReadRow } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { join, raw, sql } from '../../database/sql';
import { duplicatePairKey } from '../duplicates/duplicate-pair';
import { LeadResponseTimesRepository, type KeptResponseTime } from '../response-times/lead-response-times.repository';
import { MOVED_WITH_THE_LEAD, type MovedTable } from './lead-references';
import { rowFromJson, rowToJson } from './stored-rows';

type Db = Pick<TransactionClient, '$queryRaw' | '$executeRaw' | 'leadDuplicate' | 'leadResponseTime'>;

/** A pair of possible duplicates as the merge record keeps it. */
export type KeptPair = ReadRow<LeadDuplicate>;

/** What belonged to the merged lead and where the merge put it: what its undo puts back. */
export interface Belongings {
  /** The merged lead's rows of each table, by id: the kept lead's since the merge. */
  moved: Record<MovedTable, string[]>;
  /** The merged lead's tag index rows: they went with its row and come back with it. */
  tags: { key: string; name: string }[];
  /** The tag keys the kept lead's index gained. */
  addedTagKeys: string[];
  /** The merged lead's pairs with a third lead, as they were: the kept lead's since the merge. */
  repointedPairs: KeptPair[];
  /** Pairs the merge deleted, as they were: the two leads' own, and the merged lead's with a lead the kept one was paired with already. */
  removedPairs: KeptPair[];
  /** Jobs whose selection named the merged lead and names the kept lead since. */
  movedJobItems: string[];
  /** Jobs that had selected both leads: the merged lead's item went. */
  removedJobItems: string[];
  /** The merged lead's response times, which went with its row (absent from records made before they were measured). */
  responseTime?: KeptResponseTime | null;
}

/** The merge's record of the kept lead's rows right after it: a row added or deleted since (a note, a call) is a change made after the merge. */
export type RowCounts = Record<MovedTable, number>;

/** Ids per statement: far below either database's limit on parameters. */
const IDS_PER_STATEMENT = 1000;

/**
 * Everything that belongs to a lead besides its row (MOVED_WITH_THE_LEAD, its tag index, its
 * possible-duplicate pairs, the job selections naming it), moved from one lead to another by a
 * merge and back, row for row, by its undo. Only the lead id columns change: every other column
 * (times, authors, withdrawals) stays as it is.
 */
@Injectable()
export class LeadBelongingsRepository {
  constructor(
    private readonly database: Database,
    private readonly responseTimes: LeadResponseTimesRepository,
  ) {}

  /** How many rows of each moved table belong to the lead. */
  async count(leadId: string, db: Pick<Db, '$queryRaw'> = this.database.client): Promise<RowCounts> {
    const counts = MOVED_WITH_THE_LEAD.map((table) => sql`SELECT ${raw(`'${table}'`)} AS "table", COUNT(*) AS count FROM ${raw(table)} WHERE lead_id = ${leadId}`);
    const rows = await db.$queryRaw<{ table: MovedTable; count: number | bigint }[]>`${join(counts, ' UNION ALL ')}`;
    return Object.fromEntries(rows.map(({ table, count }) => [table, Number(count)])) as RowCounts;
  }

  /** Gives the kept lead everything of the merged lead's, in the caller's transaction; the merged lead's own tag rows stay for its row's deletion to take. */
  async move(mergedId: string, keptId: string, db: Db): Promise<Belongings> {
    const moved = {} as Record<MovedTable, string[]>;
    for (const table of MOVED_WITH_THE_LEAD) {
      const rows = await db.$queryRaw<{ id: string }[]>`UPDATE ${raw(table)} SET lead_id = ${keptId} WHERE lead_id = ${mergedId} RETURNING id`;
      moved[table] = rows.map(({ id }) => id).sort();
    }
    const tags = await db.$queryRaw<{ key: string; name: string }[]>`SELECT "key", name FROM lead_tags WHERE lead_id = ${mergedId} ORDER BY "key"`;
    const keptKeys = new Set((await db.$queryRaw<{ key: string }[]>`SELECT "key" FROM lead_tags WHERE lead_id = ${keptId}`).map(({ key }) => key));
    const added = tags.filter(({ key }) => !keptKeys.has(key));
    if (added.length > 0) await db.$executeRaw`INSERT INTO lead_tags ("key", lead_id, name) VALUES ${join(added.map(({ key, name }) => sql`(${key}, ${keptId}, ${name})`))}`;
    return {
      moved,
      tags,
      addedTagKeys: added.map(({ key }) => key),
      ...(await this.movePairs(mergedId, keptId, db)),
      ...(await this.moveJobItems(mergedId, keptId, db)),
      // The kept lead keeps its own response times; the merged lead's row goes with it and comes back on undo.
      responseTime: await this.responseTimes.keep(mergedId, db),
    };
  }

  /**
   * Puts back what `move` moved, once the merged lead's row is back: its rows, tags, pairs and
   * job selections, as they were. Rows deleted since (a note deleted after the merge) stay deleted;
   * a pair or a job item naming a member of staff or a job that is gone is put back as its foreign
   * key would have left it.
   */
  async restore(belongings: Belongings, mergedId: string, keptId: string, db: Db): Promise<void> {
    if (belongings.responseTime) await this.responseTimes.putBack(belongings.responseTime, db);
    for (const table of MOVED_WITH_THE_LEAD) {
      // A record made before a table moved with the lead names none of its rows.
      for (const ids of chunks(belongings.moved[table] ?? [])) {
        await db.$executeRaw`UPDATE ${raw(table)} SET lead_id = ${mergedId} WHERE lead_id = ${keptId} AND id IN (${join(ids)})`;
      }
    }
    if (belongings.addedTagKeys.length > 0) await db.$executeRaw`DELETE FROM lead_tags WHERE lead_id = ${keptId} AND "key" IN (${join(belongings.addedTagKeys)})`;
    if (belongings.tags.length > 0) {
      await db.$executeRaw`INSERT INTO lead_tags ("key", lead_id, name) VALUES ${join(belongings.tags.map(({ key, name }) => sql`(${key}, ${mergedId}, ${name})`))}`;
    }
    for (const pair of belongings.repointedPairs) {
      await db.$executeRaw`UPDATE lead_duplicates SET lead_id = ${pair.leadId}, other_lead_id = ${pair.otherLeadId}, pair_key = ${pair.pairKey} WHERE id = ${pair.id}`;
    }
    if (belongings.removedPairs.length > 0) {
      const staff = await this.existingStaff(belongings.removedPairs.flatMap(({ dismissedById }) => (dismissedById ? [dismissedById] : [])), db);
      await db.leadDuplicate.createMany({
        data: belongings.removedPairs.map((pair) => {
          const row = rowFromJson<LeadDuplicate>(pair, { detectedAt: true, dismissedAt: true });
          return { ...row, dismissedById: row.dismissedById && staff.has(row.dismissedById) ? row.dismissedById : null };
        }),
      });
    }
    if (belongings.movedJobItems.length > 0) {
      await db.$executeRaw`UPDATE job_items SET lead_id = ${mergedId} WHERE lead_id = ${keptId} AND job_id IN (${join(belongings.movedJobItems)})`;
    }
    if (belongings.removedJobItems.length > 0) {
      await db.$executeRaw`INSERT INTO job_items (job_id, lead_id) SELECT id, ${mergedId} FROM jobs WHERE id IN (${join(belongings.removedJobItems)})`;
    }
  }

  /** The pair of the two leads goes; the merged lead's pairs with others become the kept lead's, unless it has that pair already. */
  private async movePairs(mergedId: string, keptId: string, db: Db): Promise<Pick<Belongings, 'repointedPairs' | 'removedPairs'>> {
    const pairs = await db.leadDuplicate.findMany({ where: { OR: [{ leadId: mergedId }, { otherLeadId: mergedId }] }, orderBy: { id: 'asc' } });
    const othersOf = (pair: LeadDuplicate) => (pair.leadId === mergedId ? pair.otherLeadId : pair.leadId);
    const keptPairs = await db.leadDuplicate.findMany({
      where: { pairKey: { in: pairs.map((pair) => duplicatePairKey(keptId, othersOf(pair))) } },
      select: { pairKey: true },
    });
    const taken = new Set(keptPairs.map(({ pairKey }) => pairKey));
    const repointed = pairs.filter((pair) => othersOf(pair) !== keptId && !taken.has(duplicatePairKey(keptId, othersOf(pair))));
    const removed = pairs.filter((pair) => !repointed.includes(pair));
    for (const pair of repointed) {
      const leadId = pair.leadId === mergedId ? keptId : pair.leadId;
      const otherLeadId = pair.otherLeadId === mergedId ? keptId : pair.otherLeadId;
      await db.$executeRaw`UPDATE lead_duplicates SET lead_id = ${leadId}, other_lead_id = ${otherLeadId}, pair_key = ${duplicatePairKey(leadId, otherLeadId)} WHERE id = ${pair.id}`;
    }
    if (removed.length > 0) await db.$executeRaw`DELETE FROM lead_duplicates WHERE id IN (${join(removed.map(({ id }) => id))})`;
    return { repointedPairs: repointed.map(rowToJson), removedPairs: removed.map(rowToJson) };
  }

  /** A job's selection of the merged lead becomes one of the kept lead, unless the job selected it too (its item then goes). */
  private async moveJobItems(mergedId: string, keptId: string, db: Db): Promise<Pick<Belongings, 'movedJobItems' | 'removedJobItems'>> {
    const moved = await db.$queryRaw<{ jobId: string }[]>`
      UPDATE job_items SET lead_id = ${keptId}
      WHERE lead_id = ${mergedId} AND job_id NOT IN (SELECT job_id FROM job_items WHERE lead_id = ${keptId})
      RETURNING job_id AS "jobId"`;
    const removed = await db.$queryRaw<{ jobId: string }[]>`DELETE FROM job_items WHERE lead_id = ${mergedId} RETURNING job_id AS "jobId"`;
    return { movedJobItems: moved.map(({ jobId }) => jobId).sort(), removedJobItems: removed.map(({ jobId }) => jobId).sort() };
  }

  /** Of these staff ids, those of accounts that still exist. */
  async existingStaff(ids: string[], db: Pick<Db, '$queryRaw'>): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM staff_users WHERE id IN (${join([...new Set(ids)])})`;
    return new Set(rows.map(({ id }) => id));
  }
}

function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) out.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return out;
}
