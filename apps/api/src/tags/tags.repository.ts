import { Injectable } from '@nestjs/common';
import { tagKey, type TagCount } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import { join, sql } from '../database/sql';
import { countsCache } from '../database/counts-cache';
import type { LeadAccess } from '../leads/access/lead-access';
import { leadAccessConditions, leadAccessKey } from '../leads/access/lead-access-condition';

/** Rows per INSERT: three parameters each stay far below SQLite's and PostgreSQL's limits on parameters per statement. */
const TAGS_PER_INSERT = 1000;

/** The lead_tags index: one row per tag of a lead, by key, for tag filters and counts. */
@Injectable()
export class TagsRepository {
  /** Counts per viewer until the leads table changes (every tag change writes the lead too), then as `countsCache` says. */
  private readonly counts = countsCache<TagCount[]>(TagsRepository.name, 50);

  constructor(private readonly database: Database) {}

  /** Makes the lead's indexed tags exactly `tags`. */
  async replace(leadId: string, tags: string[], db: Pick<TransactionClient, '$executeRaw'>): Promise<void> {
    await db.$executeRaw`DELETE FROM lead_tags WHERE lead_id = ${leadId}`;
    if (tags.length === 0) return;
    await db.$executeRaw`INSERT INTO lead_tags ("key", lead_id, name) VALUES ${join(tags.map((tag) => sql`(${tagKey(tag)}, ${leadId}, ${tag})`))}`;
  }

  /** Indexes more tags of leads (none of them carried by its lead yet), in statements of at most TAGS_PER_INSERT rows. */
  async addMany(tags: { leadId: string; tag: string }[], db: Pick<TransactionClient, '$executeRaw'>): Promise<void> {
    const rows = tags.map(({ leadId, tag }) => sql`(${tagKey(tag)}, ${leadId}, ${tag})`);
    for (let start = 0; start < rows.length; start += TAGS_PER_INSERT) {
      await db.$executeRaw`INSERT INTO lead_tags ("key", lead_id, name) VALUES ${join(rows.slice(start, start + TAGS_PER_INSERT))}`;
    }
  }

  /** Indexes the tags of leads that have none indexed yet (new leads). */
  addToNewLeads(leads: { leadId: string; tags: string[] }[], db: Pick<TransactionClient, '$executeRaw'>): Promise<void> {
    return this.addMany(leads.flatMap(({ leadId, tags }) => tags.map((tag) => ({ leadId, tag }))), db);
  }

  /** Removes these tag keys from these leads' index. */
  async removeMany(leadIds: string[], keys: string[], db: Pick<TransactionClient, '$executeRaw'>): Promise<void> {
    if (leadIds.length === 0 || keys.length === 0) return;
    await db.$executeRaw`DELETE FROM lead_tags WHERE lead_id IN (${join(leadIds)}) AND "key" IN (${join(keys)})`;
  }

  /** Of these tag keys, those at least one lead carries. */
  async inUse(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.database.rows<{ key: string }>(sql`SELECT DISTINCT "key" AS "key" FROM lead_tags WHERE "key" IN (${join(keys)})`);
    return new Set(rows.map((row) => row.key));
  }

  /** Each tag on the leads the viewer may see, archived ones aside, most used first; a tag's name is its earliest spelling in sort order. */
  async counted(access: LeadAccess): Promise<TagCount[]> {
    const reads = await this.database.versionedReads('leads');
    return this.counts.get(leadAccessKey(access), reads.version, () =>
      reads.rows<TagCount>(sql`
        SELECT MIN(t.name) AS tag, COUNT(*) AS count
        FROM lead_tags t JOIN leads ON leads.id = t.lead_id
        WHERE ${join([sql`leads.archived_at IS NULL`, ...leadAccessConditions(access)], ' AND ')}
        GROUP BY t."key" ORDER BY count DESC, t."key"`),
    );
  }
}
