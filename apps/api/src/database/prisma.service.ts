import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PrismaClient as PostgresPrismaClient } from '../generated/postgresql/client';
import { PrismaClient as SqlitePrismaClient } from '../generated/sqlite/client';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { createAdapterFactory } from './adapter-factory';
import { parseDatabaseUrl, type DatabaseProvider } from './database-url';

/**
 * Both generated clients expose the same model API; their types only differ in
 * provider internals, so the app speaks to either through this one type.
 */
export type LeadDeskPrismaClient = SqlitePrismaClient;

/** The client inside a transaction: every model, no connection control. */
export type TransactionClient = Omit<LeadDeskPrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

@Injectable()
export class PrismaService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PrismaService.name);
  readonly provider: DatabaseProvider;
  readonly client: LeadDeskPrismaClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const target = parseDatabaseUrl(config.DATABASE_URL);
    this.provider = target.provider;
    const adapter = createAdapterFactory(target, {
      poolSize: config.DATABASE_POOL_SIZE,
      onPoolError: (error) => this.logger.error({ err: error }, 'PostgreSQL pool error'),
    });
    this.client =
      target.provider === 'sqlite'
        ? new SqlitePrismaClient({ adapter })
        : (new PostgresPrismaClient({ adapter }) as unknown as LeadDeskPrismaClient);
  }

  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.client.$transaction((tx) => work(tx), { timeout: 30_000, maxWait: 15_000 });
  }

  async onModuleInit(): Promise<void> {
    // WAL lets readers (lists, exports) run while the webhook writes.
    if (this.provider === 'sqlite') await this.client.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.$disconnect();
  }
}
