import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { Stage } from '../database/models';
import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'stage' | 'lead'>;

/** The only place that queries the pipeline's stages. */
@Injectable()
export class StagesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Where new leads start: the first open, non-archived stage by position. Read in the
   * transaction that creates the leads, so a reorder committed before it is honoured.
   */
  async entryStageId(db: Pick<TransactionClient, 'stage'> = this.database.client): Promise<string> {
    const stage = await db.stage.findFirst({ where: { kind: 'open', archived: false }, orderBy: [{ position: 'asc' }, { id: 'asc' }], select: { id: true } });
    // The stage rules keep one open stage on the board; a database without one is broken, not empty.
    if (!stage) throw new Error('The pipeline has no open stage for new leads');
    return stage.id;
  }

  findById(id: string, db: Pick<TransactionClient, 'stage'> = this.database.client): Promise<Stage | null> {
    return db.stage.findUnique({ where: { id } });
  }

  /** Every stage, archived ones too, in board order. */
  list(db: Pick<TransactionClient, 'stage'> = this.database.client): Promise<Stage[]> {
    return db.stage.findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] });
  }

  create(stage: { name: string; kind: string; position: number }, db: Db): Promise<Stage> {
    return db.stage.create({ data: stage });
  }

  update(id: string, changes: { name?: string; archived?: boolean }, db: Db): Promise<Stage> {
    return db.stage.update({ where: { id }, data: changes });
  }

  /** Numbers the stages 1, 2, 3… in the given order, writing only those whose place changed. */
  async renumber(ordered: Stage[], db: Db): Promise<void> {
    for (const [index, stage] of ordered.entries()) {
      if (stage.position !== index + 1) await db.stage.update({ where: { id: stage.id }, data: { position: index + 1 } });
    }
  }

  /** Leads still in a stage, archived leads aside (they keep their stage for the record). */
  countActiveLeads(stageId: string, db: Db): Promise<number> {
    return db.lead.count({ where: { stageId, archivedAt: null } });
  }

  /** Holds, until the transaction ends, the pipeline's lock: two admins' reorders apply one after the other. */
  lockPipeline(db: Pick<TransactionClient, '$queryRaw' | '$executeRaw'>): Promise<void> {
    return this.database.lock(['pipeline-stages'], db);
  }

  transaction<T>(work: (db: TransactionClient) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }
}
