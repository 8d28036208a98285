// `pnpm webhooks:replay`: processes again every stored webhook event whose processing failed.
// It runs beside a live API (the app has migrated the database), so it migrates nothing itself.
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../app.module';
import { loadAppConfig } from '../../config/app-config';
import { WebhookProcessor } from '../webhooks/webhook-processor.service';

async function main(): Promise<void> {
  const config = loadAppConfig({ ...process.env, DEMO_DATA: 'false' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const { processed, failed } = await app.get(WebhookProcessor).replayUnprocessed();
    console.log(`Replayed webhook events: ${processed} processed, ${failed} still failing.`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
