import { Injectable } from '@nestjs/common';
import { Database, type VersionedReads } from '../../database/database';
import { join, sql, type Sql } from '../../database/sql';
import { countsCache } from '../../database/counts-cache';
import { VersionedCache } from '../../database/versioned-cache';
import type { LeadAccess } from '../access/lead-access';
import { leadAccessConditions, leadAccessKey } from '../access/lead-access-condition';
import type { SpellingCount } from './sources-in-use';

/**
 * The distinct sources of the leads lists show, read from the source's index a step at a time
 * (each the next spelling after the last): a team has a handful, so a few index lookups,
 * where reading them all from the index or the table would visit every lead.
 */
const LISTED_SPELLINGS = sql`
  WITH RECURSIVE spellings (source) AS (
    SELECT MIN(source) FROM leads WHERE archived_at IS NULL
    UNION ALL
    SELECT (SELECT MIN(source) FROM leads WHERE archived_at IS NULL AND source > spellings.source) FROM spellings WHERE spellings.source IS NOT NULL
  )`;

/** The sources leads carry, as stored: which spellings are in use, and how many leads carry each. */
@Injectable()
export class LeadSourcesRepository {
  /** Counts per viewer and list (archived or not), until the leads table changes. */
  private readonly counts = countsCache<SpellingCount[]>(LeadSourcesRepository.name, 50);
  /** The spellings of archived leads, until the leads table changes: reading them visits every archived lead (no index leads with source there). */
  private readonly archivedSpellings = new VersionedCache<string[]>(1);

  constructor(private readonly database: Database) {}

  /** Every spelling of a source among the leads a list of `archived` shows. */
  async spellings(archived: boolean): Promise<string[]> {
    if (!archived) return this.sources(sql`${LISTED_SPELLINGS} SELECT source FROM spellings WHERE source IS NOT NULL`, this.database);
    const reads = await this.database.versionedReads('leads');
    return this.archivedSpellings.get('archived', reads.version, () => this.sources(sql`SELECT DISTINCT source FROM leads WHERE archived_at IS NOT NULL`, reads));
  }

  /**
   * How many of the leads the viewer may see (of those a list of `archived` shows) carry each
   * spelling, counted once per viewer while the leads table is unchanged. The listed leads are
   * counted spelling by spelling from the source's index, which carries the owner: PostgreSQL
   * would otherwise group a million leads by a scan of the whole table.
   */
  async counted(access: LeadAccess, archived: boolean): Promise<SpellingCount[]> {
    const query = archived
      ? sql`SELECT source, COUNT(*) AS count FROM leads WHERE ${join([sql`archived_at IS NOT NULL`, ...leadAccessConditions(access)], ' AND ')} GROUP BY source`
      : sql`${LISTED_SPELLINGS}
          SELECT source, (SELECT COUNT(*) FROM leads WHERE ${join([sql`archived_at IS NULL AND leads.source = spellings.source`, ...leadAccessConditions(access)], ' AND ')}) AS count
          FROM spellings WHERE source IS NOT NULL`;
    const reads = await this.database.versionedReads('leads');
    return this.counts.get(JSON.stringify([leadAccessKey(access), archived]), reads.version, () => reads.rows<SpellingCount>(query));
  }

  private async sources(query: Sql, reads: Pick<VersionedReads, 'rows'>): Promise<string[]> {
    return (await reads.rows<{ source: string }>(query)).map(({ source }) => source);
  }
}
