// `pnpm db:seed`: migrates DATABASE_URL and loads the demo leads if it has no leads yet.
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../app.module';
import { loadAppConfig } from '../../config/app-config';
import { DemoLeadsSeeder } from '../../leads/demo/demo-leads.seeder';
import { migrateDatabase } from '../migrations/migrate-database';
import { startUpDatabaseUrl } from '../direct-url';

async function main(): Promise<void> {
  const config = loadAppConfig();
  await migrateDatabase(startUpDatabaseUrl(config));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const loaded = await app.get(DemoLeadsSeeder).seedIfEmpty();
    console.log(loaded ? `Loaded ${loaded} demo leads.` : 'The database already has leads: nothing loaded.');
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
