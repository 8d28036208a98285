import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'leadSource'>;

/** What the intake needs of a lead source: whom its new leads go to and whether the agent calls them. */
export interface IntakeSource {
  name: string;
  /** Its default owner, while that member of staff exists; null: round-robin. */
  defaultOwner: { id: string; name: string } | null;
  /** null: follow AUTO_CALLBACK. */
  autoCall: boolean | null;
}

@Injectable()
export class IntakeSourcesRepository {
  async find(sourceId: string, db: Db): Promise<IntakeSource | null> {
    const source = await db.leadSource.findUnique({
      where: { id: sourceId },
      select: { name: true, autoCall: true, defaultOwner: { select: { id: true, name: true } } },
    });
    return source && { name: source.name, defaultOwner: source.defaultOwner, autoCall: source.autoCall };
  }
}
