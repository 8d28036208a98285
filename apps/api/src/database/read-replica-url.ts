import { databaseName, parseDatabaseUrl, type DatabaseTarget, type PostgresTarget } from './database-url';

/** The app's read replica (DATABASE_READ_URL), or null without one (DatabaseModule). */
export const DATABASE_READ_TARGET = Symbol('DATABASE_READ_TARGET');

/**
 * DATABASE_READ_URL as a target beside the primary's, or why it cannot be one: a replica is a
 * copy of the primary's PostgreSQL cluster, so it names the same database and schema.
 */
export function parseReadReplicaUrl(readUrl: string, primary: DatabaseTarget): PostgresTarget {
  if (primary.provider !== 'postgresql') throw new Error('needs DATABASE_URL on PostgreSQL: SQLite is one file read by one process, with no replica to read from');
  const replica = parseDatabaseUrl(readUrl);
  if (replica.provider !== 'postgresql') throw new Error('must start with postgres:// or postgresql://');
  if (replica.schema !== primary.schema) {
    throw new Error(`names schema "${replica.schema}" and DATABASE_URL "${primary.schema}": a replica holds the primary's schemas as they are, so both must name the same`);
  }
  const [replicaDatabase, primaryDatabase] = [databaseName(replica), databaseName(primary)];
  if (replicaDatabase && primaryDatabase && replicaDatabase !== primaryDatabase) {
    throw new Error(`names database "${replicaDatabase}" and DATABASE_URL "${primaryDatabase}": a replica holds the primary's databases as they are, so both must name the same`);
  }
  return replica;
}
