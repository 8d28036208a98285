import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { Subject, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { parseDatabaseUrl } from '../database/database-url';
import { PrismaService } from '../database/prisma.service';
import type { LiveEvent, LiveEventSignal, LiveEventType } from './live-event';

/** Reads records as the API shows them, by id, in one go; a record that is gone is left out. */
export type LiveRecordLoader = (ids: string[]) => Promise<Map<string, unknown>>;

const CHANNEL = 'lead_desk_events';

/**
 * Fans record changes out to every connected browser. On PostgreSQL the signal goes
 * through LISTEN/NOTIFY, so a change made by one API process reaches browsers
 * connected to another; on SQLite (one process) it is delivered in-process.
 */
@Injectable()
export class LiveEventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveEventsService.name);
  private readonly events = new Subject<LiveEvent>();
  private readonly loaders = new Map<LiveEventType, LiveRecordLoader>();
  private listener?: Client;
  /** Signals heard from PostgreSQL in this turn of the event loop, delivered together. */
  private heard: LiveEventSignal[] = [];
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get stream(): Observable<LiveEvent> {
    return this.events.asObservable();
  }

  async onModuleInit(): Promise<void> {
    if (this.prisma.provider === 'postgresql') await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.events.complete();
    await this.listener?.end();
  }

  /** The module that owns a record type tells how to read it (events stay ignorant of leads and calls). */
  registerLoader(types: LiveEventType[], load: LiveRecordLoader): void {
    for (const type of types) this.loaders.set(type, load);
  }

  /** Announces a change; call it after the change has committed. */
  publish(signal: LiveEventSignal): Promise<void> {
    return this.publishAll([signal]);
  }

  /** Announces several changes at once (one NOTIFY statement on PostgreSQL); call it after they have committed. */
  async publishAll(signals: LiveEventSignal[]): Promise<void> {
    if (signals.length === 0) return;
    try {
      if (this.prisma.provider === 'postgresql') {
        const payloads = signals.map((signal) => JSON.stringify(signal));
        await this.prisma.client.$executeRaw`SELECT pg_notify(${CHANNEL}, payload) FROM unnest(${payloads}::text[]) AS payload`;
      } else {
        await this.deliver(signals);
      }
    } catch (error) {
      // The changes themselves are stored; a missed live update only means the dashboard refreshes later.
      this.logger.error({ err: error, signals }, 'Could not publish live events');
    }
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed) return;
      this.listen().catch((error: unknown) => {
        this.logger.error({ err: error }, 'Live events listener could not reconnect; trying again');
        this.scheduleReconnect(5000);
      });
    }, delayMs);
    this.reconnectTimer.unref();
  }

  private async listen(): Promise<void> {
    const { connectionString } = parseDatabaseUrl(this.config.DATABASE_URL) as { connectionString: string };
    const client = new Client({ connectionString });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      // One NOTIFY statement's signals arrive together: collect them, then read their records at once.
      if (this.heard.length === 0) {
        setImmediate(() => {
          const signals = this.heard;
          this.heard = [];
          void this.deliver(signals);
        });
      }
      this.heard.push(JSON.parse(notification.payload) as LiveEventSignal);
    });
    client.on('error', (error) => {
      this.logger.error({ err: error }, 'Live events listener lost its connection; reconnecting');
      this.listener = undefined;
      client.end().catch((endError: unknown) => this.logger.warn({ err: endError }, 'Closing the broken listener failed'));
      this.scheduleReconnect(1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Shut down while connecting: this connection must not outlive the module.
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  /**
   * Re-reads the records so every browser gets them as the API shows them: one read per
   * kind of record for all the signals, which arrive by the batch from the webhook.
   */
  private async deliver(signals: LiveEventSignal[]): Promise<void> {
    // No browser is connected to this process: a bulk import need not read every lead back.
    if (!this.events.observed) return;
    const idsByLoader = new Map<LiveRecordLoader, Set<string>>();
    for (const signal of signals) {
      const load = this.loaders.get(signal.type);
      if (load) idsByLoader.set(load, (idsByLoader.get(load) ?? new Set()).add(signal.id));
      else this.logger.error({ signal }, 'No loader for a live event type');
    }
    const recordsByLoader = new Map<LiveRecordLoader, Map<string, unknown>>();
    for (const [load, ids] of idsByLoader) {
      try {
        recordsByLoader.set(load, await load([...ids]));
      } catch (error) {
        this.logger.error({ err: error, ids: [...ids] }, 'Could not load the records of live events');
      }
    }
    for (const signal of signals) {
      const data = recordsByLoader.get(this.loaders.get(signal.type)!)?.get(signal.id);
      if (data) this.events.next({ type: signal.type, data });
    }
  }
}
