import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'dndNumber'>;

/** The only place that queries dnd_numbers, the scrub list's E.164 numbers. */
@Injectable()
export class DndListRepository {
  constructor(private readonly database: Database) {}

  async contains(phone: string, db: Db = this.database.client): Promise<boolean> {
    return (await db.dndNumber.findUnique({ where: { phone }, select: { phone: true } })) !== null;
  }

  count(db: Db = this.database.client): Promise<number> {
    return db.dndNumber.count();
  }
}
