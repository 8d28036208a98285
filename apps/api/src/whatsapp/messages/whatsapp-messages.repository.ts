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

/** The only place that queries whatsapp_messages. */
@Injectable()
export class WhatsappMessagesRepository {
  constructor(private readonly database: Database) {}

  createInbound(message: NewInboundMessage, db: Db): Promise<WhatsappMessage> {
    return db.whatsappMessage.create({ data: { ...message, direction: 'inbound', status: 'received', statusAt: message.sentAt } });
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
