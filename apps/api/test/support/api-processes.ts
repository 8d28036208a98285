import { startApi, type ServerProcess } from '@lead-desk/test-support';
import { createTestDatabase, type TestDatabase } from './test-database';

/** How the processes start: one after the other (the first applies the migrations), or all at the same moment, as a deployment's replicas do. */
export type ProcessStart = 'one after another' | 'together';

/** Several API processes, as real processes, on one PostgreSQL database of their own: instances sharing it, as in production. */
export class ApiProcesses {
  readonly apis: ServerProcess[] = [];
  private testDatabase?: TestDatabase;

  get database(): TestDatabase {
    if (!this.testDatabase) throw new Error('ApiProcesses.start has not run');
    return this.testDatabase;
  }

  /**
   * `count` processes with `env` and the database's URL (unless `env`, made from the database, names another way to it);
   * resolves once every one answers /api/health.
   */
  async start(
    count: number,
    env: Record<string, string> | ((database: TestDatabase) => Promise<Record<string, string>>),
    start: ProcessStart = 'one after another',
  ): Promise<void> {
    this.testDatabase = await createTestDatabase('postgresql');
    const processEnv = { DATABASE_URL: this.database.url, ...(typeof env === 'function' ? await env(this.database) : env) };
    const startOne = () => startApi({ entry: 'source', env: processEnv });
    if (start === 'one after another') {
      for (let i = 0; i < count; i += 1) this.apis.push(await startOne());
      return;
    }
    // Every start is awaited, even after one has failed, so stop() ends those that did come up.
    const started = await Promise.allSettled(Array.from({ length: count }, startOne));
    for (const result of started) if (result.status === 'fulfilled') this.apis.push(result.value);
    const failed = started.filter((result) => result.status === 'rejected');
    if (failed.length > 0) throw new AggregateError(failed.map((result) => result.reason), `${failed.length} of ${count} API processes started together did not become ready`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.apis.map((api) => api.stop()));
    await this.testDatabase?.drop();
  }
}
