import './v8-flags';
import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { InvalidConfigError, loadAppConfig } from './config/app-config';
import { NotReadyForProductionError } from './config/production-readiness';
import { createApp } from './create-app';
import { Database } from './database/database';

async function main(): Promise<void> {
  // A local .env is a convenience; real deployments pass the environment directly.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig();
  const app = await createApp(config);
  await app.listen(config.PORT);
  // Graceful shutdown: stop accepting, let requests in flight finish, close live
  // streams and the database (the modules' destroy hooks), then exit cleanly.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      new Logger('LeadDesk').log(`${signal}: shutting down`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed', error);
          process.exit(1);
        },
      );
    });
  }
  new Logger('LeadDesk').log(`Listening on http://localhost:${config.PORT} (${app.get(Database).dialect.name}, staff dashboard ${config.AUTH_MODE})`);
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  console.error(error instanceof InvalidConfigError || error instanceof NotReadyForProductionError ? error.message : error);
  process.exit(1);
});
