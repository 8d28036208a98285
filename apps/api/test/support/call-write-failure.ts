import type { Database } from '../../src/database/database';
import type { DatabaseProvider } from '../../src/database/database-url';

/** Makes inserting into `table` fail, as a bug or a broken migration would. */
export async function failInsertsInto(prisma: Database['client'], provider: DatabaseProvider, table: string): Promise<void> {
  const statements =
    provider === 'sqlite'
      ? [`CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`]
      : [
          `CREATE OR REPLACE FUNCTION fail_${table}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$ LANGUAGE plpgsql`,
          `CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_${table}()`,
        ];
  for (const statement of statements) await prisma.$executeRawUnsafe(statement);
}

export async function restoreInsertsInto(prisma: Database['client'], provider: DatabaseProvider, table: string): Promise<void> {
  await prisma.$executeRawUnsafe(provider === 'sqlite' ? `DROP TRIGGER fail_${table}` : `DROP TRIGGER fail_${table} ON ${table}`);
}

/** Makes writing call records fail. */
export function failCallWrites(prisma: Database['client'], provider: DatabaseProvider): Promise<void> {
  return failInsertsInto(prisma, provider, 'calls');
}

export function restoreCallWrites(prisma: Database['client'], provider: DatabaseProvider): Promise<void> {
  return restoreInsertsInto(prisma, provider, 'calls');
}
