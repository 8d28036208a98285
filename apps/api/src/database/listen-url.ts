import { databaseName, parseDatabaseUrl, type DatabaseTarget } from './database-url';

/**
 * DATABASE_LISTEN_URL as the connection string of the live events' LISTEN connection, or why it
 * cannot be one. Behind PgBouncer in transaction mode a LISTEN would hold no server connection
 * of its own, so it goes to PostgreSQL directly; NOTIFY still goes through DATABASE_URL, and
 * both must reach the same database for a notification to be heard.
 */
export function parseListenUrl(listenUrl: string, primary: DatabaseTarget): string {
  if (primary.provider !== 'postgresql') throw new Error('needs DATABASE_URL on PostgreSQL: SQLite announces within its one process');
  const listen = parseDatabaseUrl(listenUrl);
  if (listen.provider !== 'postgresql') throw new Error('must start with postgres:// or postgresql://');
  const [listenDatabase, primaryDatabase] = [databaseName(listen), databaseName(primary)];
  if (listenDatabase && primaryDatabase && listenDatabase !== primaryDatabase) {
    throw new Error(`names database "${listenDatabase}" and DATABASE_URL "${primaryDatabase}": a notification is heard only in the database it was sent in`);
  }
  return listen.connectionString;
}
