/** Where the data lives, decided by the scheme of DATABASE_URL. */
export type DatabaseTarget = SqliteTarget | PostgresTarget;
export type SqliteTarget = { provider: 'sqlite'; url: string; filename: string };
export type PostgresTarget = { provider: 'postgresql'; url: string; connectionString: string; schema: string };

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
    // `schema` is Prisma's convention, not libpq's: pg would send it to the server.
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? 'public';
    parsed.searchParams.delete('schema');
    return { provider: 'postgresql', url, connectionString: parsed.toString(), schema };
  }
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)');
}

/** The database a PostgreSQL URL names; empty when it names none (the server then takes the user's name). */
export function databaseName(target: PostgresTarget): string {
  return decodeURIComponent(new URL(target.connectionString).pathname.slice(1));
}
