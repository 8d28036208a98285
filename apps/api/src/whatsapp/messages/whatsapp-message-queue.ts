import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { activity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import type { WhatsappMessage } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { WhatsappMessagesRepository, type OutboxClaim } from './whatsapp-messages.repository';
import { waIdOf } from './whatsapp-recipients';

/** A message of ours as it is asked for: free text, or a template with its values in order and the words they make. */
export type QueuedContent = { text: string } | { template: { name: string; language: string; values: string[]; filled: string } };

/**
 * Puts a message of ours in the outbox, inside the caller's transaction (the decision to send it
 * commits with it): its row, pending with a fresh key, and its timeline entry. The outbox sends it.
 */
@Injectable()
export class WhatsappMessageQueue {
  constructor(
    private readonly messages: WhatsappMessagesRepository,
    private readonly activities: LeadActivityRepository,
  ) {}

  /**
   * `claim`: the row is written already held by the process that sends it at once (a staff reply), so no other takes it first.
   * `failed`: it cannot be sent (an automatic message whose template is gone): kept, with why, instead of dropped.
   */
  async queue(
    lead: { id: string; phone: string },
    content: QueuedContent,
    options: { senderId: string | null; eventKey: string | null; at: Date; claim?: OutboxClaim; failed?: string },
    tx: TransactionClient,
  ): Promise<WhatsappMessage> {
    const template = 'template' in content ? content.template : null;
    const body = template ? template.filled : (content as { text: string }).text;
    const message = await this.messages.createOutbound(
      {
        leadId: lead.id,
        waId: waIdOf(lead.phone),
        type: template ? 'template' : 'text',
        body,
        templateName: template?.name ?? null,
        templateLanguage: template?.language ?? null,
        variables: template ? JSON.stringify(template.values) : null,
        sentAt: options.at,
        senderId: options.senderId,
        eventKey: options.eventKey,
        idempotencyKey: randomUUID(),
      },
      options.failed ? { failed: options.failed } : (options.claim ?? null),
      tx,
    );
    await this.activities.append(
      [activity(lead.id, 'whatsapp_message', { messageId: message.id, direction: 'outbound', type: message.type, text: body, template: template?.name ?? null, sentAt: options.at.toISOString() }, options.senderId)],
      tx,
      options.at,
    );
    return message;
  }
}
