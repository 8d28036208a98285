import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { AppModule } from './app.module';
import { securityHeaders } from './common/security-headers';
import { NotReadyForProductionError, productionGaps, productionRisks } from './config/production-readiness';
import { StaffService } from './staff/staff.service';
import { loadAppConfig, type AppConfig } from './config/app-config';
import { migrateDatabase } from './database/migrations/migrate-database';
import { startUpDatabaseUrl } from './database/direct-url';
import { DemoLeadsSeeder } from './leads/demo/demo-leads.seeder';

/** Builds the whole app (migrated database, demo data, routes, docs), not yet listening. */
export async function createApp(config: AppConfig = loadAppConfig()): Promise<NestExpressApplication> {
  await migrateDatabase(startUpDatabaseUrl(config));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  if (config.TRUST_PROXY) app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  // Express names itself on every answer unless told not to: no route, error or the docs says what serves it.
  app.disable('x-powered-by');
  // Every answer, the OpenAPI UI's too: its scripts are files of its own, so the strict policy fits it.
  app.use(securityHeaders(config));
  // Leads are personal data: no browser or proxy keeps a copy of an answer, so an ETag
  // (a hash of every body) would serve nothing.
  app.set('etag', false);
  app.use('/api', (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
  app.use(cookieParser());
  // No body parser here: middleware runs before the guards, and a body is read only once its caller is known (RequestBodyInterceptor).
  app.setGlobalPrefix('api');

  // A map of every route is for developers: production serves it only when API_DOCS=true.
  if (config.API_DOCS) {
    const openApi = SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle('Lead Desk API').setDescription('Leads qualified by the voice agent.').setVersion('1').build(),
    );
    SwaggerModule.setup('api/docs', app, cleanupOpenApiDoc(openApi));
  }

  const staff = app.get(StaffService);
  await staff.ensureFirstAdmin();
  const gaps = productionGaps(config, await staff.hasAdmin());
  if (gaps.length > 0) {
    await app.close();
    throw new NotReadyForProductionError(gaps);
  }
  for (const risk of productionRisks(config)) new NestLogger('LeadDesk').warn(`Production start with a protection off: ${risk}`);
  if (config.DEMO_DATA) await app.get(DemoLeadsSeeder).seedIfEmpty();
  return app;
}

/** TRUST_PROXY: a hop count ("1"), "true", or addresses/subnets as Express reads them. */
function parseTrustProxy(value: string): boolean | number | string {
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}
