import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import type { WhatsappMessage } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';

type Db = Pick<TransactionClient, 'whatsappMessage'>;

/** A message with the member of staff who sent it. */
export type WhatsappMessageWithSender = WhatsappMessage & { sender: { id: string; name: string } | null; lead: { ownerId: string | null } };

const WITH_SENDER = { lead: { select: { ownerId: true } } } as const;

/** The person's message as the webhook stores it. */
export interface NewInboundMessage {
  leadId: string;
  waMessageId: string;
  waId: string;
  type: string;
  body: string | null;
  sentAt: Date;
}

/** A process's hold on a send: no other process sends it before the lease ends. */
export interface OutboxClaim {
  processId: string;
  leaseUntil: Date;
}

/** Ours as it enters the outbox. */
export interface NewOutboundMessage {
  leadId: string;
  waId: string;
  type: 'text' | 'template';
  body: string;
  templateName: string | null;
  templateLanguage: string | null;
  /** The template's parameter values in order, as JSON text. */
  variables: string | null;
  sentAt: Date;
  senderId: string | null;
  eventKey: string | null;
  idempotencyKey: string;
}

/** The only place that queries whatsapp_messages. Ours are also the outbox: pending until claimed, sending while a process holds them. */
@Injectable()
export class WhatsappMessagesRepository {
  constructor(private readonly database: Database) {}

  createInbound(message: NewInboundMessage, db: Db): Promise<WhatsappMessage> {
    return db.whatsappMessage.create({ data: { ...message, direction: 'inbound', status: 'received', statusAt: message.sentAt } });
  }

  /** Pending for any process, already claimed for the one that sends it at once (`claim`), or failed before any send (`failed`: why, in words). */
  createOutbound(message: NewOutboundMessage, start: OutboxClaim | { failed: string } | null, db: Db): Promise<WhatsappMessage> {
    const outbox =
      start === null
        ? { status: 'pending', nextAttemptAt: message.sentAt }
        : 'failed' in start
          ? { status: 'failed', error: start.failed }
          : { status: 'sending', claimedBy: start.processId, nextAttemptAt: start.leaseUntil, attempts: 1 };
    return db.whatsappMessage.create({ data: { ...message, direction: 'outbound', statusAt: message.sentAt, ...outbox } });
  }

  find(id: string, db: Db = this.database.client): Promise<WhatsappMessage | null> {
    return db.whatsappMessage.findUnique({ where: { id } });
  }

  /** Whether an event's message was made already (it is sent at most once). */
  async hasEvent(eventKey: string, db: Db): Promise<boolean> {
    return (await db.whatsappMessage.findUnique({ where: { eventKey }, select: { id: true } })) !== null;
  }

  /** Ours waiting in the outbox and due, oldest first. */
  async duePending(now: Date, limit: number): Promise<string[]> {
    const rows = await this.database.client.whatsappMessage.findMany({ where: { status: 'pending', nextAttemptAt: { lte: now } }, orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }], take: limit, select: { id: true } });
    return rows.map(({ id }) => id);
  }

  /** Ours a process took and never settled past their lease (it died, or Meta's answer never came). */
  staleSending(now: Date): Promise<WhatsappMessage[]> {
    return this.database.client.whatsappMessage.findMany({ where: { status: 'sending', nextAttemptAt: { lt: now } }, orderBy: { nextAttemptAt: 'asc' } });
  }

  /** Takes a due send for this process until `leaseUntil`: a conditional write one process wins. */
  async claim(id: string, processId: string, now: Date, leaseUntil: Date): Promise<boolean> {
    const { count } = await this.database.transaction((tx) =>
      tx.whatsappMessage.updateMany({ where: { id, status: 'pending', nextAttemptAt: { lte: now } }, data: { status: 'sending', claimedBy: processId, nextAttemptAt: leaseUntil, attempts: { increment: 1 } } }),
    );
    return count === 1;
  }

  /** Settles a send this process (or, for a stale one, any process: null) holds; false when it holds it no longer (Meta's status settled it first). */
  async settle(id: string, processId: string | null, data: Partial<Pick<WhatsappMessage, 'waMessageId' | 'status' | 'statusAt' | 'errorCode' | 'error' | 'nextAttemptAt' | 'claimedBy'>>, db: Db): Promise<boolean> {
    const { count } = await db.whatsappMessage.updateMany({ where: { id, status: 'sending', ...(processId ? { claimedBy: processId } : {}) }, data });
    return count === 1;
  }

  /** Meta's id for ours, when a status recorded the message first. */
  async recordWaMessageId(id: string, waMessageId: string, db: Db): Promise<void> {
    await db.whatsappMessage.updateMany({ where: { id, waMessageId: null }, data: { waMessageId } });
  }

  /** Ours by Meta's id, else by the key Meta's status carried back (a send whose answer a crash lost). */
  async findSent(waMessageId: string, idempotencyKey: string | null, db: Db): Promise<WhatsappMessage | null> {
    const byId = await db.whatsappMessage.findUnique({ where: { waMessageId } });
    if (byId || !idempotencyKey) return byId;
    return db.whatsappMessage.findUnique({ where: { idempotencyKey } });
  }

  update(id: string, data: Partial<Pick<WhatsappMessage, 'waMessageId' | 'status' | 'statusAt' | 'errorCode' | 'error'>>, db: Db): Promise<WhatsappMessage> {
    return db.whatsappMessage.update({ where: { id }, data });
  }

  /** A lead's conversation, newest first. */
  async listForLead(leadId: string, limit: number): Promise<WhatsappMessageWithSender[]> {
    const rows = await this.database.client.whatsappMessage.findMany({ where: { leadId }, include: WITH_SENDER, orderBy: [{ sentAt: 'desc' }, { id: 'desc' }], take: limit });
    return this.withSenders(rows);
  }

  /** These messages, for the live events (each with its lead's owner: who may see it). */
  async findByIds(ids: string[]): Promise<WhatsappMessageWithSender[]> {
    return this.withSenders(await this.database.client.whatsappMessage.findMany({ where: { id: { in: ids } }, include: WITH_SENDER }));
  }

  /** When the person last wrote, by Meta's timestamp (the 24-hour window runs from it); null if never. */
  async lastInboundAt(leadId: string, db: Db = this.database.client): Promise<Date | null> {
    const last = await db.whatsappMessage.findFirst({ where: { leadId, direction: 'inbound' }, orderBy: { sentAt: 'desc' }, select: { sentAt: true } });
    return last?.sentAt ?? null;
  }

  /** The senders' names, read once for all (no foreign key: a message outlives its sender's account). */
  private async withSenders<Row extends WhatsappMessage>(rows: Row[]): Promise<(Row & { sender: { id: string; name: string } | null })[]> {
    const ids = [...new Set(rows.flatMap(({ senderId }) => (senderId ? [senderId] : [])))];
    const staff = ids.length === 0 ? [] : await this.database.client.staffUser.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    const byId = new Map(staff.map((member) => [member.id, member]));
    return rows.map((row) => ({ ...row, sender: (row.senderId && byId.get(row.senderId)) || null }));
  }
}
