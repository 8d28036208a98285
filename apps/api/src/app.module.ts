import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ActivityModule } from './activity/activity.module';
import { ResponseTimesModule } from './leads/response-times/response-times.module';
import { SpeedToLeadModule } from './reports/speed-to-lead/speed-to-lead.module';
import { AccessLogModule } from './privacy/access-log/access-log.module';
import { ErasedPeopleModule } from './privacy/erased-people.module';
import { PrivacyModule } from './privacy/privacy.module';
import { AuthModule } from './auth/auth.module';
import { CallbackRequestsModule } from './callback-requests/callback-requests.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { loggerModule } from './common/logger.module';
import { rateLimitsModule } from './common/rate-limits';
import { RequestBodyInterceptor } from './common/request-body/request-body.interceptor';
import { ZodValidationPipe } from './common/zod-validation.pipe';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { StagesModule } from './stages/stages.module';
import { TasksModule } from './tasks/tasks.module';
import { LeadIntakeModule } from './leads/intake/lead-intake.module';
import { LeadAdsModule } from './lead-ads/lead-ads.module';
import { LeadsModule } from './leads/leads.module';
import { LeadSourcesModule } from './lead-sources/lead-sources.module';
import { NotesModule } from './notes/notes.module';
import { PropertiesModule } from './properties/properties.module';
import { ViewsModule } from './views/views.module';
import { SettingsModule } from './settings/settings.module';
import { VoiceModule } from './voice/voice.module';
import { WhatsappModule } from './whatsapp/whatsapp.module';

const DEFAULT_WEB_DIST = join(__dirname, '../../web/dist');

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config),
        DatabaseModule,
        rateLimitsModule,
        AuthModule,
        EventsModule,
        ResponseTimesModule,
        ActivityModule,
        AccessLogModule,
        ErasedPeopleModule,
        StagesModule,
        HealthModule,
        LeadsModule,
        LeadIntakeModule,
        LeadAdsModule,
        JobsModule,
        SettingsModule,
        NotesModule,
        ViewsModule,
        VoiceModule,
        LeadSourcesModule,
        PrivacyModule,
        PropertiesModule,
        CallbackRequestsModule,
        SpeedToLeadModule,
        TasksModule,
        WhatsappModule,
        // The built page is served from the same port; without a build the API still runs.
        ...(existsSync(webDist) ? [ServeStaticModule.forRoot({ rootPath: webDist, exclude: ['/api/{*path}'] })] : []),
      ],
      providers: [
        { provide: APP_PIPE, useClass: ZodValidationPipe },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // Bodies are read after the guards: a caller is known and allowed before its upload is.
        { provide: APP_INTERCEPTOR, useClass: RequestBodyInterceptor },
      ],
    };
  }
}
