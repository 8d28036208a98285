import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';
import { join, sql } from '../database/sql';

type Db = Pick<TransactionClient, 'dndNumber' | 'appSetting' | '$executeRaw'>;

const UPLOAD_KEY = 'dnd-list';
/** Numbers per statement: well under both databases' limits on bound parameters. */
const CHUNK = 500;

/** Who uploaded the scrub list last, when and how (app_settings, key `dnd-list`). */
export interface DndListUpload {
  uploadedAt: string;
  uploadedById: string | null;
  mode: 'replace' | 'merge';
}

/** The only place that queries dnd_numbers, the scrub list's E.164 numbers, and its upload record. */
@Injectable()
export class DndListRepository {
  constructor(private readonly database: Database) {}

  async contains(phone: string, db: Pick<Db, 'dndNumber'> = this.database.client): Promise<boolean> {
    return (await db.dndNumber.findUnique({ where: { phone }, select: { phone: true } })) !== null;
  }

  count(db: Pick<Db, 'dndNumber'> = this.database.client): Promise<number> {
    return db.dndNumber.count();
  }

  /** How many of these numbers are on the list already. */
  async countListed(phones: string[], db: Pick<Db, 'dndNumber'>): Promise<number> {
    let listed = 0;
    for (let start = 0; start < phones.length; start += CHUNK) {
      listed += await db.dndNumber.count({ where: { phone: { in: phones.slice(start, start + CHUNK) } } });
    }
    return listed;
  }

  async clear(db: Pick<Db, 'dndNumber'>): Promise<void> {
    await db.dndNumber.deleteMany({});
  }

  /** Adds the numbers; one already listed stays as it was. */
  async add(phones: string[], addedAt: Date, db: Pick<Db, '$executeRaw'>): Promise<void> {
    for (let start = 0; start < phones.length; start += CHUNK) {
      const rows = phones.slice(start, start + CHUNK).map((phone) => sql`(${phone}, ${addedAt})`);
      await db.$executeRaw`INSERT INTO dnd_numbers (phone, added_at) VALUES ${join(rows)} ON CONFLICT (phone) DO NOTHING`;
    }
  }

  async lastUpload(db: Pick<Db, 'appSetting'> = this.database.client): Promise<DndListUpload | null> {
    const row = await db.appSetting.findUnique({ where: { key: UPLOAD_KEY } });
    return row ? (JSON.parse(row.value) as DndListUpload) : null;
  }

  async recordUpload(upload: DndListUpload, db: Pick<Db, 'appSetting'>): Promise<void> {
    const value = JSON.stringify(upload);
    await db.appSetting.upsert({ where: { key: UPLOAD_KEY }, create: { key: UPLOAD_KEY, value }, update: { value } });
  }
}
