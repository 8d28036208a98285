import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from './database';
import { DATABASE_TARGET, parseDatabaseUrl, type DatabaseTarget } from './database-url';
import { DATABASE_READ_TARGET, parseReadReplicaUrl } from './read-replica-url';

@Global()
@Module({
  providers: [
    { provide: DATABASE_TARGET, inject: [APP_CONFIG], useFactory: (config: AppConfig) => parseDatabaseUrl(config.DATABASE_URL) },
    {
      provide: DATABASE_READ_TARGET,
      inject: [APP_CONFIG, DATABASE_TARGET],
      useFactory: (config: AppConfig, primary: DatabaseTarget) => (config.DATABASE_READ_URL ? parseReadReplicaUrl(config.DATABASE_READ_URL, primary) : null),
    },
    Database,
  ],
  exports: [Database],
})
export class DatabaseModule {}
