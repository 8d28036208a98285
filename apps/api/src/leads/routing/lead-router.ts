import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { join, sql } from '../../database/sql';
import { AssignmentSettingsRepository } from '../../settings/assignment-settings.repository';
import { roundRobin, type RoutableAgent } from './round-robin';

/** One lock for all routing: two transactions (in any API process) never read the same turns. */
const ROUTING_LOCK = 'lead-routing';

type Db = Pick<TransactionClient, 'appSetting' | 'staffUser' | '$queryRaw' | '$executeRaw'>;

/**
 * Chooses owners for new leads inside the transaction that creates them, whatever their
 * source (form, import, webhook). With round-robin on, the transaction holds the routing
 * lock until it commits, so the turns it reads are the last ones committed and a
 * concurrent transaction, in this process or another, waits and reads the turns this
 * one writes: no agent gets two in a row while another available agent waits.
 */
@Injectable()
export class LeadRouter {
  constructor(
    private readonly database: Database,
    private readonly settings: AssignmentSettingsRepository,
  ) {}

  /** The owner of each of `count` new leads, in order; null when routing is off or no agent is available. */
  async ownersFor(count: number, db: Db): Promise<(RoutableAgent | null)[]> {
    const unowned = Array.from({ length: count }, () => null);
    if (count === 0 || (await this.settings.read(db)).mode !== 'round-robin') return unowned;
    await this.database.lock([ROUTING_LOCK], db);
    const agents = await db.staffUser.findMany({
      where: { role: 'agent', available: true },
      select: { id: true, name: true, email: true, routingTurn: true },
    });
    if (agents.length === 0) return unowned;
    const { owners, turns } = roundRobin(agents, count);
    await this.saveTurns(turns, db);
    return owners;
  }

  /** Each chosen agent's new turn, in one statement. */
  private async saveTurns(turns: Map<string, number>, db: Db): Promise<void> {
    if (turns.size === 0) return;
    const { dialect } = this.database;
    const rows = [...turns].map(([id, turn]) => sql`(${join([dialect.typed(id, 'text'), dialect.typed(turn, 'integer')])})`);
    await db.$executeRaw`
      WITH chosen (id, turn) AS (VALUES ${join(rows)})
      UPDATE staff_users SET routing_turn = chosen.turn FROM chosen WHERE staff_users.id = chosen.id`;
  }
}
