// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or DATABASE_DIRECT_URL past a pooler (the API also does this at start-up).
import { DEFAULT_DATABASE_URL } from '../../config/app-config';
import { migrateDatabase } from '../migrations/migrate-database';

const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
migrateDatabase(url)
  .then((applied) => console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.'))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
