import { Injectable, Logger } from '@nestjs/common';
import type { TransactionClient } from '../../database/prisma-client';
import type { LiveEventSignal } from '../../events/live-event';
import { reasonOf } from '../messages/meta-error-reason';
import { statusAfter } from '../messages/message-status';
import { WhatsappMessagesRepository } from '../messages/whatsapp-messages.repository';
import { metaTime, type MessageStatus } from './whatsapp-notification';

/** A status may come before our send recorded Meta's id: tried again this many times before it is taken for another sender's message. */
export const UNKNOWN_MESSAGE_TRIES = 3;

/**
 * A status of a message we sent: found by Meta's id, or by the key it carried back when a crash
 * lost Meta's answer (the message then gets its id); the message moves on as the status says
 * (never back), a failure with Meta's reason, and is shown live.
 */
@Injectable()
export class WhatsappStatuses {
  private readonly logger = new Logger(WhatsappStatuses.name);

  constructor(private readonly messages: WhatsappMessagesRepository) {}

  async apply(status: MessageStatus, triedBefore: number, tx: TransactionClient): Promise<{ leadId: string | null; signals: LiveEventSignal[] }> {
    const message = await this.messages.findSent(status.id, status.biz_opaque_callback_data ?? null, tx);
    if (!message) {
      if (triedBefore + 1 < UNKNOWN_MESSAGE_TRIES) throw new Error(`No message of ours has WhatsApp id ${status.id} (yet)`);
      this.logger.warn({ waMessageId: status.id, status: status.status }, 'A WhatsApp status names no message of ours: left alone');
      return { leadId: null, signals: [] };
    }
    const next = statusAfter(message.status as Parameters<typeof statusAfter>[0], status.status);
    const found = message.waMessageId === null ? { waMessageId: status.id } : {};
    if (!next && !found.waMessageId) return { leadId: message.leadId, signals: [] };
    const [error] = status.errors ?? [];
    await this.messages.update(
      message.id,
      {
        ...found,
        ...(next ? { status: next, statusAt: metaTime(status.timestamp) } : {}),
        ...(next === 'failed' ? { errorCode: error?.code ?? null, error: reasonOf({ code: error?.code, title: error?.title, message: error?.message, details: error?.error_data?.details }) } : {}),
      },
      tx,
    );
    return { leadId: message.leadId, signals: [{ type: 'whatsapp.message', id: message.id }] };
  }
}
