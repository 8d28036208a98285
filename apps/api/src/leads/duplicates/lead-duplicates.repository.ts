import { Injectable } from '@nestjs/common';
import type { DuplicateReason } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { UtcTimeText } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import { join, raw, sql, type Sql } from '../../database/sql';
import type { LeadAccess } from '../access/lead-access';
import { leadAccessConditions } from '../access/lead-access-condition';
import type { LeadCursor } from '../lead-cursor';
import { duplicatePairKey, type FoundDuplicate } from './duplicate-pair';

type Db = Pick<TransactionClient, '$queryRaw'>;

/** A lead that may share a close name and the location with a new one: its keys, and what "the first" is told by. */
export interface CloseNameCandidate {
  id: string;
  nameKey: string;
  locationKey: string;
  createdAt: Date;
}

/** A lead of a pair as the list reads it. */
export interface DuplicateLeadRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  source: string;
  createdAt: UtcTimeText;
  archivedAt: UtcTimeText | null;
}

/** A pair as the list reads it: both leads' columns, the flagged lead's prefixed `lead`, the other's `other`. */
export interface DuplicatePairRow {
  id: string;
  reason: DuplicateReason;
  detectedAt: UtcTimeText;
  lead: DuplicateLeadRow;
  other: DuplicateLeadRow;
}

const PAIR_LEAD_COLUMNS = ['id', 'name', 'email', 'phone', 'location', 'source', 'created_at', 'archived_at'] as const;
const CAMEL: Record<(typeof PAIR_LEAD_COLUMNS)[number], keyof DuplicateLeadRow> = {
  id: 'id',
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  source: 'source',
  created_at: 'createdAt',
  archived_at: 'archivedAt',
};

/** A stored lead with an email key: whom a lead stored before identity keys may share a Gmail mailbox with. */
export interface EmailKeyCandidate {
  id: string;
  email: string;
  emailKey: string;
  createdAt: Date;
}

/** Keys looked up per statement: SQLite takes at most 500 parts of a UNION. */
const KEYS_PER_QUERY = 200;

/** The only place that queries lead_duplicates. */
@Injectable()
export class LeadDuplicatesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores pairs not stored before (in either order, dismissed ones included: a dismissed pair
   * is never raised again); the first reason found for a pair is kept. Answers the pairs stored now.
   */
  async insert(found: FoundDuplicate[], detectedAt: Date, db: Db): Promise<(FoundDuplicate & { id: string })[]> {
    const distinct = new Map<string, FoundDuplicate>();
    for (const pair of found) {
      const key = duplicatePairKey(pair.leadId, pair.otherLeadId);
      if (!distinct.has(key)) distinct.set(key, pair);
    }
    if (distinct.size === 0) return [];
    const rows = [...distinct].map(
      ([pairKey, { leadId, otherLeadId, reason }]) => sql`(${newRowId()}, ${leadId}, ${otherLeadId}, ${reason}, ${pairKey}, ${detectedAt})`,
    );
    return db.$queryRaw<(FoundDuplicate & { id: string })[]>`
      INSERT INTO lead_duplicates (id, lead_id, other_lead_id, reason, pair_key, detected_at)
      VALUES ${join(rows)}
      ON CONFLICT (pair_key) DO NOTHING
      RETURNING id, lead_id AS "leadId", other_lead_id AS "otherLeadId", reason`;
  }

  /**
   * The first two leads (by creation, then id) of each of these full names (nameKey) in its
   * location (locationKey): the first other than a new lead is among them. Two index entries
   * read per name, however many people share it (a common name in a big city has hundreds).
   */
  async firstLeadsOfCloseNames(keys: { nameKey: string; locationKey: string }[], db: Db): Promise<CloseNameCandidate[]> {
    const distinct = [...new Map(keys.map((key) => [`${key.nameKey}\n${key.locationKey}`, key])).values()];
    const firsts: CloseNameCandidate[] = [];
    for (let start = 0; start < distinct.length; start += KEYS_PER_QUERY) {
      const firstTwo = distinct.slice(start, start + KEYS_PER_QUERY).map(
        ({ nameKey, locationKey }, index) => sql`SELECT * FROM (
          SELECT id, name_key AS "nameKey", location_key AS "locationKey", created_at AS "createdAt" FROM leads
          WHERE name_key = ${nameKey} AND location_key = ${locationKey} ORDER BY created_at, id LIMIT 2) AS ${raw(`first_${index}`)}`,
      );
      firsts.push(...(await db.$queryRaw<CloseNameCandidate[]>`${join(firstTwo, ' UNION ALL ')}`));
    }
    return firsts;
  }

  /**
   * The first two leads (by creation, then id) whose email is this identity key, or whose
   * email_key is (once keyed): where a lead stored before identity keys meets the same Gmail
   * mailbox written another way. Each answered with the key it was found by.
   */
  async firstLeadsOfEmailKeys(emailKeys: string[], db: Db): Promise<EmailKeyCandidate[]> {
    const { dialect } = this.database;
    const distinct = [...new Set(emailKeys)];
    const firsts: EmailKeyCandidate[] = [];
    for (let start = 0; start < distinct.length; start += KEYS_PER_QUERY) {
      const firstTwo = distinct.slice(start, start + KEYS_PER_QUERY).map(
        (emailKey, index) => sql`SELECT * FROM (
          SELECT id, email, ${dialect.typed(emailKey, 'text')} AS "emailKey", created_at AS "createdAt" FROM leads
          WHERE email_key = ${emailKey} OR email = ${emailKey} ORDER BY created_at, id LIMIT 2) AS ${raw(`first_${index}`)}`,
      );
      firsts.push(...(await db.$queryRaw<EmailKeyCandidate[]>`${join(firstTwo, ' UNION ALL ')}`));
    }
    return firsts;
  }

  /**
   * Pairs not dismissed, newest first, a keyset page on (detected_at, id) after `after`; both
   * leads in the viewer's sight; `leadId` narrows to the pairs of one lead. Walks the open
   * pairs' index and reads both leads by primary key, one page at a time.
   */
  async findPage(access: LeadAccess, limit: number, after?: LeadCursor, leadId?: string): Promise<DuplicatePairRow[]> {
    const conditions: Sql[] = [sql`d.dismissed_at IS NULL`, ...leadAccessConditions(access, 'a'), ...leadAccessConditions(access, 'b')];
    if (after) conditions.push(sql`(d.detected_at, d.id) < (${after.createdAt}, ${after.id})`);
    if (leadId) conditions.push(sql`(d.lead_id = ${leadId} OR d.other_lead_id = ${leadId})`);
    const columns = (alias: string) => PAIR_LEAD_COLUMNS.map((column) => sql`${raw(`${alias}.${column}`)} AS ${raw(`"${alias}_${column}"`)}`);
    const rows = await this.database.rows<Record<string, unknown>>(sql`
      SELECT d.id, d.reason, d.detected_at AS "detectedAt", ${join([...columns('a'), ...columns('b')])}
      FROM lead_duplicates d
      JOIN leads a ON a.id = d.lead_id
      JOIN leads b ON b.id = d.other_lead_id
      WHERE ${join(conditions, ' AND ')}
      ORDER BY d.detected_at DESC, d.id DESC
      LIMIT ${limit}`);
    return rows.map((row) => ({
      id: row.id as string,
      reason: row.reason as DuplicateReason,
      detectedAt: row.detectedAt as UtcTimeText,
      lead: pairLead(row, 'a'),
      other: pairLead(row, 'b'),
    }));
  }

  /** One pair with both leads' owners: whether the viewer may see it. */
  findOwners(id: string, db: Db = this.database.client): Promise<{ id: string; dismissedAt: Date | null; leadOwnerId: string | null; otherOwnerId: string | null }[]> {
    return db.$queryRaw`
      SELECT d.id, d.dismissed_at AS "dismissedAt", a.owner_id AS "leadOwnerId", b.owner_id AS "otherOwnerId"
      FROM lead_duplicates d JOIN leads a ON a.id = d.lead_id JOIN leads b ON b.id = d.other_lead_id
      WHERE d.id = ${id}`;
  }

  /** Staff said the pair is not one person: it leaves the list for good. False when it was dismissed already. */
  async dismiss(id: string, dismissedById: string | null, at: Date, db: Pick<TransactionClient, 'leadDuplicate'> = this.database.client): Promise<boolean> {
    const { count } = await db.leadDuplicate.updateMany({ where: { id, dismissedAt: null }, data: { dismissedAt: at, dismissedById } });
    return count === 1;
  }
}

function pairLead(row: Record<string, unknown>, alias: string): DuplicateLeadRow {
  return Object.fromEntries(PAIR_LEAD_COLUMNS.map((column) => [CAMEL[column], row[`${alias}_${column}`]])) as unknown as DuplicateLeadRow;
}
