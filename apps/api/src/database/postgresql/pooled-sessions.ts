import { Logger } from '@nestjs/common';
import type { RowReader } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import { sql } from '../sql';
import { RANDOM_PAGE_COST } from './postgres-pool';

const logger = new Logger('PooledSessions');

/**
 * Behind a pooler in transaction mode the pools cannot set their sessions' search_path and
 * random_page_cost (no start-up options there): the pooler's server connections must carry them.
 * A wrong schema would read and write another deployment's tables, so the start stops; a
 * different random_page_cost only slows the list (BENCHMARKS.md §7), so it is said and the start goes on.
 */
export async function checkPooledSessions(target: PostgresTarget, sessions: Pick<RowReader, 'rows'>, variable: 'DATABASE_URL' | 'DATABASE_READ_URL'): Promise<void> {
  const [session] = await sessions.rows<{ schema: string | null; path: string[]; cost: number }>(
    sql`SELECT current_schema() AS schema, current_schemas(false)::text[] AS path, current_setting('random_page_cost')::float8 AS cost`,
  );
  const settings = `SET search_path = "${target.schema}", public; SET random_page_cost = ${RANDOM_PAGE_COST}`;
  if (session.schema !== target.schema || !session.path.includes('public')) {
    throw new Error(
      `${variable} goes through a pooler in transaction mode (pgbouncer=true), whose sessions have search_path ${JSON.stringify(session.path.join(', '))}, ` +
        `not "${target.schema}" then public: the pooler must set it for its server connections, e.g. in PgBouncer's database entry ` +
        `connect_query='${settings}' (README "Connections")`,
    );
  }
  if (session.cost !== RANDOM_PAGE_COST) {
    logger.warn(`The pooler's sessions (${variable}) have random_page_cost ${session.cost}, not ${RANDOM_PAGE_COST}: the list may be read by whole-table scans; set it there (connect_query='${settings}')`);
  }
}
