/** Where the data lives, decided by the scheme of DATABASE_URL. */
export type DatabaseTarget = SqliteTarget | PostgresTarget;
export type SqliteTarget = { provider: 'sqlite'; url: string; filename: string };
/**
 * `pooled`: the URL goes through a connection pooler in transaction mode (`pgbouncer=true`, Prisma's
 * convention), where a connection keeps no session between transactions: no start-up options,
 * no session locks, no LISTEN (README "Connections").
 */
export type PostgresTarget = { provider: 'postgresql'; url: string; connectionString: string; schema: string; pooled: boolean };

export type DatabaseProvider = DatabaseTarget['provider'];

/** The app's target, parsed once from the configuration (DatabaseModule). */
export const DATABASE_TARGET = Symbol('DATABASE_TARGET');

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('file:')) {
    const filename = url.slice('file:'.length).split('?')[0];
    if (!filename) throw new Error('DATABASE_URL "file:" needs a file path, e.g. file:./data/leads.db');
    return { provider: 'sqlite', url, filename };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // `schema` and `pgbouncer` are Prisma's conventions, not libpq's: pg would send them to the server.
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? 'public';
    const pooled = parsed.searchParams.get('pgbouncer') === 'true';
    parsed.searchParams.delete('schema');
    parsed.searchParams.delete('pgbouncer');
    return { provider: 'postgresql', url, connectionString: parsed.toString(), schema, pooled };
  }
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)');
}

/** The database a PostgreSQL URL names; empty when it names none (the server then takes the user's name). */
export function databaseName(target: PostgresTarget): string {
  return decodeURIComponent(new URL(target.connectionString).pathname.slice(1));
}
