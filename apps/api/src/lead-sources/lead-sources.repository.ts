import { Injectable } from '@nestjs/common';
import type { LeadSourceKind } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { UtcTimeText } from '../database/models';
import { sql } from '../database/sql';
import { utcTimeText } from '../database/utc-time-text';

/** A lead source as stored, with its default owner's name. */
export interface StoredLeadSource {
  id: string;
  name: string;
  kind: LeadSourceKind;
  defaultOwner: { id: string; name: string } | null;
  autoCall: boolean | null;
  createdAt: Date;
  archivedAt: Date | null;
}

/** How a source's leads are coming in: counted from the leads' (source, created_at) index. */
export interface SourceLeadCounts {
  leadsToday: number;
  leadsThisWeek: number;
  lastLeadAt: UtcTimeText | null;
}

const SOURCE_FIELDS = {
  id: true,
  name: true,
  kind: true,
  autoCall: true,
  createdAt: true,
  archivedAt: true,
  defaultOwner: { select: { id: true, name: true } },
} as const;

/** The only place that reads and writes lead_sources. */
@Injectable()
export class LeadSourcesRepository {
  constructor(private readonly database: Database) {}

  async list(archived: boolean): Promise<StoredLeadSource[]> {
    const rows = await this.database.client.leadSource.findMany({
      where: archived ? {} : { archivedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: SOURCE_FIELDS,
    });
    return rows as StoredLeadSource[];
  }

  async find(id: string): Promise<StoredLeadSource | null> {
    return (await this.database.client.leadSource.findUnique({ where: { id }, select: SOURCE_FIELDS })) as StoredLeadSource | null;
  }

  /** Every name in use, archived sources' too (a removed source's leads keep its name). */
  async names(): Promise<{ id: string; name: string }[]> {
    return this.database.client.leadSource.findMany({ select: { id: true, name: true } });
  }

  async create(source: { name: string; defaultOwnerId: string | null; autoCall: boolean | null }): Promise<StoredLeadSource> {
    return (await this.database.client.leadSource.create({ data: { ...source, kind: 'api' }, select: SOURCE_FIELDS })) as StoredLeadSource;
  }

  async update(id: string, changes: { name?: string; defaultOwnerId?: string | null; autoCall?: boolean | null }): Promise<StoredLeadSource> {
    return (await this.database.client.leadSource.update({ where: { id }, data: changes, select: SOURCE_FIELDS })) as StoredLeadSource;
  }

  async archive(id: string, at: Date): Promise<void> {
    await this.database.client.leadSource.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: at } });
  }

  async staffExists(id: string): Promise<boolean> {
    return (await this.database.client.staffUser.count({ where: { id } })) > 0;
  }

  /**
   * Leads of each named source created since `todayStart` and `weekStart`, and its newest
   * lead: each a range or a MAX over the leads' (source, created_at) index (archived leads,
   * which the index leaves out, are not counted), a handful of index lookups per source.
   */
  async leadCounts(names: string[], todayStart: Date, weekStart: Date): Promise<Map<string, SourceLeadCounts>> {
    const counts = new Map<string, SourceLeadCounts>();
    for (const name of names) {
      const [row] = await this.database.rows<{ today: number | bigint; week: number | bigint; last: string | number | null }>(sql`
        SELECT
          (SELECT COUNT(*) FROM leads WHERE archived_at IS NULL AND source = ${name} AND created_at >= ${todayStart}) AS today,
          (SELECT COUNT(*) FROM leads WHERE archived_at IS NULL AND source = ${name} AND created_at >= ${weekStart}) AS week,
          (SELECT MAX(created_at) FROM leads WHERE archived_at IS NULL AND source = ${name}) AS last`);
      counts.set(name, { leadsToday: Number(row.today), leadsThisWeek: Number(row.week), lastLeadAt: row.last === null ? null : utcTimeText(row.last) });
    }
    return counts;
  }
}
