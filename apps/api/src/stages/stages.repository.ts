import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { Stage } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'stage'>;

/** The only place that queries the pipeline's stages. */
@Injectable()
export class StagesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Where new leads start: the first open, non-archived stage by position. Read in the
   * transaction that creates the leads, so a reorder committed before it is honoured.
   */
  async entryStageId(db: Db = this.database.client): Promise<string> {
    const stage = await db.stage.findFirst({ where: { kind: 'open', archived: false }, orderBy: [{ position: 'asc' }, { id: 'asc' }], select: { id: true } });
    // The stage rules keep one open stage on the board; a database without one is broken, not empty.
    if (!stage) throw new Error('The pipeline has no open stage for new leads');
    return stage.id;
  }

  findById(id: string, db: Db = this.database.client): Promise<Stage | null> {
    return db.stage.findUnique({ where: { id } });
  }
}
