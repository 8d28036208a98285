import { Injectable } from '@nestjs/common';
import type { LeadSourceKind } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import { sql } from '../../database/sql';
import { utcTimeText } from '../../database/utc-time-text';

/** The inbox's channel of POST /api/inbound/leads (a lead source's API key). */
export const INBOUND_CHANNEL = 'inbound';

/** The inbox channel each built-in kind of source is delivered through. */
const CHANNEL_OF_KIND: Record<Exclude<LeadSourceKind, 'api'>, string> = { callback_form: 'callback_form', meta: 'meta', google_ads: 'google_ads', whatsapp: 'whatsapp' };

/** A stored delivery and, once processed, what became of it. */
export interface InboundDeliveryRecord {
  eventId: string;
  /** The lead source whose key sent it. */
  sourceId: string;
  /** A test lead, never called. */
  test: boolean;
  processed: boolean;
  outcome: { leadId: string; created: boolean; firstCallAt: Date | null; callNote: string | null; test: boolean } | null;
}

/** A delivery's failure as the Sources panel shows it. */
export interface FailedDelivery {
  message: string;
  at: string;
}

/**
 * The inbox rows of the inbound API (webhook_events, channel `inbound`) with their source
 * and outcome (inbound_deliveries). Every write runs in a transaction of its own, as the
 * inbox's do (on SQLite a bare statement would join whatever transaction is open).
 */
@Injectable()
export class InboundDeliveriesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores a delivery before any effect. A delivery whose `<sourceId>:<externalId>` is
   * stored already is not stored again: the stored one is answered, `repeat` true.
   */
  async record(sourceId: string, externalId: string | null, payload: string, test: boolean): Promise<{ repeat: boolean; delivery: InboundDeliveryRecord }> {
    const eventId = newRowId();
    const inboxId = externalId === null ? null : `${sourceId}:${externalId}`;
    const now = new Date();
    const stored = await this.database.transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT INTO webhook_events (id, channel, external_id, type, payload, received_at, attempts, unattributable)
        VALUES (${eventId}, ${INBOUND_CHANNEL}, ${inboxId}, 'lead', ${payload}, ${now}, 0, ${false})
        ON CONFLICT (channel, external_id) DO NOTHING`;
      if (inserted === 0) return false;
      await tx.inboundDelivery.create({ data: { eventId, sourceId, receivedAt: now, test } });
      return true;
    });
    if (stored) return { repeat: false, delivery: { eventId, sourceId, test, processed: false, outcome: null } };
    const event = await this.database.client.webhookEvent.findUniqueOrThrow({ where: { channel_externalId: { channel: INBOUND_CHANNEL, externalId: inboxId! } }, select: { id: true } });
    return { repeat: true, delivery: await this.find(event.id) };
  }

  async find(eventId: string): Promise<InboundDeliveryRecord> {
    const [event, delivery] = await Promise.all([
      this.database.client.webhookEvent.findUniqueOrThrow({ where: { id: eventId }, select: { processedAt: true } }),
      this.database.client.inboundDelivery.findUniqueOrThrow({ where: { eventId } }),
    ]);
    const outcome =
      delivery.leadId === null
        ? null
        : { leadId: delivery.leadId, created: delivery.created ?? false, firstCallAt: delivery.firstCallAt, callNote: delivery.callNote, test: delivery.test };
    return { eventId, sourceId: delivery.sourceId, test: delivery.test, processed: event.processedAt !== null, outcome };
  }

  /** In the transaction of the delivery's effects: what became of it, and the inbox row processed. */
  /** False when another request completed it first (it waits for that one's commit): its transaction must then roll back. */
  async complete(eventId: string, outcome: { leadId: string; created: boolean; firstCallAt: Date | null; callNote: string | null }, tx: TransactionClient): Promise<boolean> {
    const { leadId, created, firstCallAt, callNote } = outcome;
    const { count } = await tx.inboundDelivery.updateMany({ where: { eventId, leadId: null }, data: { leadId, created, firstCallAt, callNote } });
    if (count === 0) return false;
    await tx.webhookEvent.update({ where: { id: eventId }, data: { processedAt: new Date(), error: null, attempts: { increment: 1 }, leadId } });
    return true;
  }

  async markFailed(eventId: string, error: string): Promise<void> {
    await this.database.transaction((tx) => tx.webhookEvent.update({ where: { id: eventId }, data: { error: error.slice(0, 2000), attempts: { increment: 1 } } }));
  }

  /** The newest delivery of the source still failed (not processed since), if any. */
  async lastFailure(source: { id: string; kind: LeadSourceKind }): Promise<FailedDelivery | null> {
    const query =
      source.kind === 'api'
        ? sql`SELECT e.error AS message, e.received_at AS at FROM inbound_deliveries d JOIN webhook_events e ON e.id = d.event_id
              WHERE d.source_id = ${source.id} AND e.processed_at IS NULL AND e.error IS NOT NULL
              ORDER BY d.received_at DESC LIMIT 1`
        : sql`SELECT error AS message, received_at AS at FROM webhook_events
              WHERE processed_at IS NULL AND channel = ${CHANNEL_OF_KIND[source.kind]} AND error IS NOT NULL
              ORDER BY received_at DESC LIMIT 1`;
    const [row] = await this.database.rows<{ message: string; at: string | number }>(query);
    return row ? { message: row.message, at: utcTimeText(row.at) } : null;
  }
}
