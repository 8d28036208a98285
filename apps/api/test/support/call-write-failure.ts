import type { Database } from '../../src/database/database';
import type { DatabaseProvider } from '../../src/database/database-url';

/** Makes writing call records fail, as a bug or a broken migration would. */
export async function failCallWrites(prisma: Database['client'], provider: DatabaseProvider): Promise<void> {
  const statements =
    provider === 'sqlite'
      ? ["CREATE TRIGGER fail_calls BEFORE INSERT ON calls BEGIN SELECT RAISE(ABORT, 'simulated failure'); END"]
      : [
          "CREATE OR REPLACE FUNCTION fail_calls() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$ LANGUAGE plpgsql",
          'CREATE TRIGGER fail_calls BEFORE INSERT ON calls FOR EACH ROW EXECUTE FUNCTION fail_calls()',
        ];
  for (const statement of statements) await prisma.$executeRawUnsafe(statement);
}

export async function restoreCallWrites(prisma: Database['client'], provider: DatabaseProvider): Promise<void> {
  await prisma.$executeRawUnsafe(provider === 'sqlite' ? 'DROP TRIGGER fail_calls' : 'DROP TRIGGER fail_calls ON calls');
}
