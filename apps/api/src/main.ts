import './v8-flags';
import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { InvalidConfigError, loadAppConfig } from './config/app-config';
import { NotReadyForProductionError } from './config/production-readiness';
import { createApp } from './create-app';
import { Database } from './database/database';
import { shutDownGracefully } from './shutdown/graceful-shutdown';
import { HttpDrain } from './shutdown/http-drain';

async function main(): Promise<void> {
  // A local .env is a convenience; real deployments pass the environment directly.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadAppConfig();
  // Migrations run inside createApp, before the port opens: a load balancer sees the instance not ready until they are done.
  const app = await createApp(config);
  const drain = new HttpDrain(app.getHttpServer());
  await app.listen(config.PORT);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      // A second signal (Ctrl-C again) means now: the first one's shutdown is still running.
      process.once(signal, () => {
        new Logger('LeadDesk').warn(`${signal} again: exiting without waiting for the shutdown`);
        process.exit(1);
      });
      void shutDownGracefully(app, drain, config, signal).then((code) => process.exit(code));
    });
  }
  new Logger('LeadDesk').log(`Listening on http://localhost:${config.PORT} (${app.get(Database).dialect.name}, staff dashboard ${config.AUTH_MODE})`);
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  console.error(error instanceof InvalidConfigError || error instanceof NotReadyForProductionError ? error.message : error);
  process.exit(1);
});
