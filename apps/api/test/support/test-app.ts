import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadAppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import type { DatabaseProvider } from '../../src/database/database-url';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a database of its own, listening on a free port. */
export async function startTestApp(
  provider: DatabaseProvider,
  env: Record<string, string> = {},
  /** Another instance's database: this app shares it and leaves dropping it to its owner. */
  sharedDatabase?: TestDatabase,
): Promise<TestApp> {
  const database = sharedDatabase ?? (await createTestDatabase(provider));
  // Calls may be placed at any hour unless a test is about calling hours (it sets CALLING_HOURS and the Clock).
  const config = loadAppConfig({ DEMO_DATA: 'false', LOG_LEVEL: 'silent', CALLING_HOURS: '00:00-24:00', ...env, DATABASE_URL: database.url, PORT: '0' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  return {
    app,
    http: request(app.getHttpServer()),
    database,
    close: async () => {
      await app.close();
      if (!sharedDatabase) await database.drop();
    },
  };
}
