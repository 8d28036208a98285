import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from './database';
import { DATABASE_TARGET, parseDatabaseUrl } from './database-url';

@Global()
@Module({
  providers: [{ provide: DATABASE_TARGET, inject: [APP_CONFIG], useFactory: (config: AppConfig) => parseDatabaseUrl(config.DATABASE_URL) }, Database],
  exports: [Database],
})
export class DatabaseModule {}
