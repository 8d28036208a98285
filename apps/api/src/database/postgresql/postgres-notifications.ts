import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import type { Notifications } from '../database-dialect';
import type { LeadDeskPrismaClient } from '../prisma-client';

/**
 * A channel as it is named in the database. Channels belong to the whole database, not to a
 * schema, so an app in another schema of the same database (another deployment, a parallel test
 * run) would hear this one's notifications: outside `public` (whose channels keep their names, so
 * instances of the previous release still hear them) each carries a digest of its schema, which
 * keeps it within PostgreSQL's 63 bytes.
 */
export function channelInSchema(channel: string, schema: string): string {
  return schema === 'public' ? channel : `${channel}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/**
 * NOTIFY through the app's client, LISTEN on a connection of its own, so that a change
 * made by one API process reaches listeners in every other process on the same schema. A lost
 * listening connection is opened again, and listens again, until the app shuts down.
 */
export class PostgresNotifications implements Notifications {
  private readonly logger = new Logger(PostgresNotifications.name);
  private readonly listeners = new Map<string, (payloads: string[]) => Promise<void>>();
  private listener?: Client;
  /** The listening connection being opened: channels named meanwhile wait for it rather than open another. */
  private connecting?: Promise<void>;
  /** Payloads heard in this turn of the event loop, by channel, delivered together. */
  private heard = new Map<string, string[]>();
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    /** Where LISTEN connects: DATABASE_URL's database, or DATABASE_LISTEN_URL's (the same database, bypassing a pooler). */
    private readonly listenConnectionString: string,
    private readonly client: LeadDeskPrismaClient,
    /** The app's schema: its channels are its own (`channelInSchema`). */
    private readonly schema: string,
  ) {}

  async publish(channel: string, payloads: string[]): Promise<void> {
    await this.client.$executeRaw`SELECT pg_notify(${channelInSchema(channel, this.schema)}, payload) FROM unnest(${payloads}::text[]) AS payload`;
  }

  async listen(channel: string, onPayloads: (payloads: string[]) => Promise<void>): Promise<void> {
    const named = channelInSchema(channel, this.schema);
    this.listeners.set(named, onPayloads);
    // Two channels named at once (modules start together) share one connection; LISTEN twice is harmless.
    if (!this.listener) await this.openListener();
    await this.listener?.query(`LISTEN ${escapeIdentifier(named)}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.listener?.end();
  }

  private openListener(): Promise<void> {
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.listenConnectionString });
    client.on('notification', ({ channel, payload }) => {
      if (!payload || !this.listeners.has(channel)) return;
      // One NOTIFY statement's payloads arrive together: collect them, then deliver them at once.
      if (this.heard.size === 0) setImmediate(() => this.deliverHeard());
      this.heard.set(channel, [...(this.heard.get(channel) ?? []), payload]);
    });
    client.on('error', (error) => {
      this.logger.error({ err: error }, 'Notification listener lost its connection; reconnecting');
      this.listener = undefined;
      client.end().catch((endError: unknown) => this.logger.warn({ err: endError }, 'Closing the broken listener failed'));
      this.scheduleReconnect(1000);
    });
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`LISTEN ${escapeIdentifier(channel)}`);
    // Shut down while connecting: this connection must not outlive the app.
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  private deliverHeard(): void {
    const heard = this.heard;
    this.heard = new Map();
    for (const [channel, payloads] of heard) {
      this.listeners.get(channel)?.(payloads).catch((error: unknown) => this.logger.error({ err: error, channel }, 'A notification listener failed'));
    }
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed) return;
      this.openListener().catch((error: unknown) => {
        this.logger.error({ err: error }, 'Notification listener could not reconnect; trying again');
        this.scheduleReconnect(5000);
      });
    }, delayMs);
    this.reconnectTimer.unref();
  }
}
