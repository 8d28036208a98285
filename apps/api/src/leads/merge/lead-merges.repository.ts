import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { ReadRow, StoredLead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import type { Belongings, RowCounts } from './lead-belongings.repository';
import { rowFromJson, rowToJson } from './stored-rows';

type Db = Pick<TransactionClient, 'leadMerge' | '$queryRaw'>;

/** A merge while it can be undone: both leads as they were, and what belonged to the merged one. */
export interface MergeRecord {
  id: string;
  keptLeadId: string;
  mergedLeadId: string;
  mergedAt: Date;
  mergedById: string | null;
  undoUntil: Date;
  /** The version the merge left the kept lead at. */
  keptVersion: number;
  keptLead: StoredLead;
  mergedLead: StoredLead;
  belongings: Belongings;
  /** The kept lead's rows of each moved table right after the merge. */
  keptRows: RowCounts;
}

/** A lead's row as the record keeps it, and brings it back. */
const LEAD_TIMES = { createdAt: true, updatedAt: true, archivedAt: true, previouslyErasedAt: true } as const;

/** The only place that queries lead_merges. */
@Injectable()
export class LeadMergesRepository {
  constructor(private readonly database: Database) {}

  async insert(record: MergeRecord, db: Db): Promise<void> {
    const { keptLead, mergedLead, belongings, keptRows, ...columns } = record;
    await db.leadMerge.create({
      data: {
        ...columns,
        keptLead: JSON.stringify(rowToJson(keptLead)),
        mergedLead: JSON.stringify(rowToJson(mergedLead)),
        belongings: JSON.stringify({ ...belongings, keptRows }),
      },
      select: { id: true },
    });
  }

  async find(id: string, db: Db = this.database.client): Promise<MergeRecord | null> {
    const row = await db.leadMerge.findUnique({ where: { id } });
    if (!row) return null;
    return {
      ...row,
      keptLead: rowFromJson<StoredLead>(JSON.parse(row.keptLead) as ReadRow<StoredLead>, LEAD_TIMES),
      mergedLead: rowFromJson<StoredLead>(JSON.parse(row.mergedLead) as ReadRow<StoredLead>, LEAD_TIMES),
      ...belongingsFromJson(row.belongings),
    };
  }

  /** The merge, still on record, that merged this lead into another. */
  findByMergedLead(mergedLeadId: string, db: Db = this.database.client): Promise<{ id: string; keptLeadId: string } | null> {
    return db.leadMerge.findFirst({ where: { mergedLeadId }, select: { id: true, keptLeadId: true }, orderBy: { mergedAt: 'desc' } });
  }

  /** Deletes the record; false when it was gone already (another undo got there first). */
  async delete(id: string, db: Db): Promise<boolean> {
    const { count } = await db.leadMerge.deleteMany({ where: { id } });
    return count === 1;
  }

  /** Whether a record's time to be undone has passed: what the daily purge looks for. */
  async anyPast(now: Date): Promise<boolean> {
    return (await this.database.client.leadMerge.findFirst({ where: { undoUntil: { lt: now } }, select: { id: true } })) !== null;
  }

  /** Deletes the records whose time to be undone has passed; answers how many. */
  async deletePast(now: Date): Promise<number> {
    const { count } = await this.database.client.leadMerge.deleteMany({ where: { undoUntil: { lt: now } } });
    return count;
  }
}

/** The belongings column: what belonged to the merged lead, and the kept lead's row counts after the merge. */
function belongingsFromJson(json: string): { belongings: Belongings; keptRows: RowCounts } {
  const { keptRows, ...belongings } = JSON.parse(json) as Belongings & { keptRows: RowCounts };
  return { belongings, keptRows };
}
