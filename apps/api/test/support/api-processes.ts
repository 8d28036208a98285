import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Several API processes, as real processes, on one PostgreSQL database of their own: instances sharing it, as in production. */
export class ApiProcesses {
  readonly apis: ServerProcess[] = [];
  private testDatabase?: TestDatabase;

  get database(): TestDatabase {
    if (!this.testDatabase) throw new Error('ApiProcesses.start has not run');
    return this.testDatabase;
  }

  /** `count` processes with `env` and the database's URL, started one after the other: the first applies the migrations. */
  async start(count: number, env: Record<string, string>): Promise<void> {
    this.testDatabase = await createTestDatabase('postgresql');
    for (let i = 0; i < count; i += 1) this.apis.push(await startApi({ entry: 'source', env: { ...env, DATABASE_URL: this.testDatabase.url } }));
  }

  async stop(): Promise<void> {
    await Promise.all(this.apis.map((api) => api.stop()));
    await this.testDatabase?.drop();
  }
}
