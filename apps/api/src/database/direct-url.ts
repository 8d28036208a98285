import { databaseName, parseDatabaseUrl, type DatabaseTarget, type PostgresTarget } from './database-url';

/**
 * DATABASE_DIRECT_URL as a target beside DATABASE_URL's, or why it cannot be one: PostgreSQL
 * itself, for what needs a session of its own when DATABASE_URL goes through a pooler in
 * transaction mode (pgbouncer=true). The start-up's migrations go there, since Prisma's
 * migration lock is a session lock that a pooler would leave held on one of its server
 * connections (the next start would wait on it and fail), and so does the live events' LISTEN
 * unless DATABASE_LISTEN_URL says otherwise. The same database and schema, not pooled.
 */
export function parseDirectUrl(directUrl: string, primary: DatabaseTarget): PostgresTarget {
  if (primary.provider !== 'postgresql') throw new Error('needs DATABASE_URL on PostgreSQL: SQLite has no pooler to go around');
  const direct = parseDatabaseUrl(directUrl);
  if (direct.provider !== 'postgresql') throw new Error('must start with postgres:// or postgresql://');
  if (direct.pooled) throw new Error('names a pooler (pgbouncer=true): it is where what needs a session of its own goes, so PostgreSQL itself');
  if (direct.schema !== primary.schema) throw new Error(`names schema "${direct.schema}" and DATABASE_URL "${primary.schema}": both must name the same`);
  const [directDatabase, primaryDatabase] = [databaseName(direct), databaseName(primary)];
  if (directDatabase && primaryDatabase && directDatabase !== primaryDatabase) {
    throw new Error(`names database "${directDatabase}" and DATABASE_URL "${primaryDatabase}": both must name the same (name the pooler's database as PostgreSQL's)`);
  }
  return direct;
}

/** Where the start-up's migrations and job-queue set-up run: PostgreSQL itself when a pooler is in the way. */
export function startUpDatabaseUrl(config: { DATABASE_URL: string; DATABASE_DIRECT_URL?: string }): string {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}
