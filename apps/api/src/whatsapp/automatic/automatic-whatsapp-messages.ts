import { Inject, Injectable } from '@nestjs/common';
import type { WhatsappAutomaticMessageKind, WhatsappTemplateVariable } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { WhatsappMessage } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { WhatsappMessageQueue, type QueuedContent } from '../messages/whatsapp-message-queue';
import { WhatsappMessagesRepository } from '../messages/whatsapp-messages.repository';
import { TemplateContextsRepository } from '../templates/template-contexts.repository';
import { filledTemplate, templateValues, type TemplateContext } from '../templates/template-values';
import { WhatsappTemplatesRepository } from '../templates/whatsapp-templates.repository';
import { readWhatsappSettings } from '../whatsapp-settings';
import { isOpenVisit, reminderFate } from './reminder-fate';
import { VisitRemindersRepository, type RemindedVisit } from './visit-reminders.repository';
import { WhatsappAutomaticSettingsRepository } from './whatsapp-automatic-settings.repository';

const MINUTE_MS = 60_000;

/** Each event's message is keyed by the event: the outbox's unique event_key lets no second one in, whichever process or redelivery tries. */
const automaticEventKey = {
  callbackMissed: (attemptId: string) => `callback_missed:${attemptId}`,
  visitConfirmation: (taskId: string) => `visit_confirmation:${taskId}`,
  visitReminder: (taskId: string, visitAt: Date) => `visit_reminder:${taskId}:${visitAt.toISOString()}`,
};

/**
 * The messages WhatsApp sends by itself once an admin turned them on (WhatsappAutomaticSettingsRepository):
 * after an unanswered attempt of the agent's cadence and after a booked site visit, queued in the
 * outbox inside the event's own transaction; and a reminder before the visit, scheduled in the
 * visit's transaction (moved with it, cancelled with it) and queued at its time by VisitReminderRunner.
 * Each message is its event's (a unique key); the outbox applies every rule again at send time. One
 * whose template is gone or whose variables cannot be filled is kept as failed, with why.
 */
@Injectable()
export class AutomaticWhatsappMessages {
  constructor(
    private readonly settings: WhatsappAutomaticSettingsRepository,
    private readonly templates: WhatsappTemplatesRepository,
    private readonly contexts: TemplateContextsRepository,
    private readonly messages: WhatsappMessagesRepository,
    private readonly queue: WhatsappMessageQueue,
    private readonly reminders: VisitRemindersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** "Sorry we missed you": in the transaction that settles the attempt as unanswered. */
  async afterUnansweredAttempt(attempt: { id: string; leadId: string }, at: Date, tx: TransactionClient): Promise<void> {
    await this.queueEvent('callbackMissed', automaticEventKey.callbackMissed(attempt.id), attempt.leadId, null, at, tx);
  }

  /** A task was made: a site visit's confirmation, and its reminder scheduled. */
  async afterTaskCreated(taskId: string, at: Date, tx: TransactionClient): Promise<void> {
    const visit = await this.reminders.visit(taskId, tx);
    if (!visit || !isOpenVisit(visit)) return;
    await this.queueEvent('visitConfirmation', automaticEventKey.visitConfirmation(visit.id), visit.leadId, visit.id, at, tx);
    await this.scheduleReminder(visit, at, tx);
  }

  /** A task changed: a visit moved gets its reminder at the new time; one cancelled, done or no longer a visit keeps none. */
  async afterTaskChanged(taskId: string, at: Date, tx: TransactionClient): Promise<void> {
    const visit = await this.reminders.visit(taskId, tx);
    if (visit) await this.scheduleReminder(visit, at, tx);
  }

  /**
   * Queues a due reminder's message, or closes it (the visit moved, was called off or has begun;
   * reminders turned off). Null unless a message was queued; also null when another process took it.
   */
  async queueReminder(reminderId: string, at: Date, tx: TransactionClient): Promise<WhatsappMessage | null> {
    const reminder = await this.reminders.find(reminderId, tx);
    if (!reminder || reminder.status !== 'scheduled') return null;
    const visit = reminder.task;
    const fate = reminderFate(reminder.visitAt, visit, (await this.settings.read(tx)).visitReminder.enabled, at);
    if (!fate.queue) {
      await this.reminders.close(reminder.id, fate.status, fate.reason, tx);
      return null;
    }
    if (!(await this.reminders.close(reminder.id, 'queued', null, tx))) return null;
    return this.queueEvent('visitReminder', automaticEventKey.visitReminder(visit.id, reminder.visitAt), visit.leadId, visit.id, at, tx);
  }

  private async scheduleReminder(visit: RemindedVisit, at: Date, tx: TransactionClient): Promise<void> {
    const open = isOpenVisit(visit);
    await this.reminders.cancelOthers(visit.id, open ? visit.dueAt : null, open ? 'The visit moved' : 'The visit was cancelled or done', tx);
    if (!open || !readWhatsappSettings(this.config).ok) return;
    const settings = (await this.settings.read(tx)).visitReminder;
    if (!settings.enabled) return;
    const dueAt = new Date(visit.dueAt.getTime() - settings.minutesBefore * MINUTE_MS);
    // Booked closer than the lead time: the confirmation is the reminder.
    if (dueAt.getTime() <= at.getTime()) return;
    await this.reminders.schedule(visit.id, visit.dueAt, dueAt, tx);
  }

  private async queueEvent(kind: WhatsappAutomaticMessageKind, eventKey: string, leadId: string, visitId: string | null, at: Date, tx: TransactionClient): Promise<WhatsappMessage | null> {
    if (!readWhatsappSettings(this.config).ok) return null;
    const chosen = (await this.settings.read(tx))[kind];
    if (!chosen.enabled || !chosen.template) return null;
    // A redelivered trigger finds its message made; two at once are told apart by the unique key.
    if (await this.messages.hasEvent(eventKey, tx)) return null;
    const context = await this.contexts.contextOf(leadId, at, tx, visitId ?? undefined);
    const { content, failed } = await this.contentOf(chosen.template, chosen.language, context, tx);
    return this.queue.queue({ id: leadId, phone: context.lead.phone ?? '' }, content, { senderId: null, eventKey, at, failed }, tx);
  }

  /** The template filled from the lead and the visit; or why it cannot be sent, with the template named as the message. */
  private async contentOf(name: string, language: string, context: TemplateContext, tx: TransactionClient): Promise<{ content: QueuedContent; failed?: string }> {
    const unfilled = { template: { name, language, values: [], filled: name } };
    const template = await this.templates.findRegistered(name, language, tx);
    if (!template || template.archivedAt) return { content: unfilled, failed: `Not sent: the template ${name} (${language}) is ${template ? 'archived' : 'not registered'}.` };
    const filled = templateValues(JSON.parse(template.variables) as WhatsappTemplateVariable[], context, {});
    if (!filled.ok) return { content: unfilled, failed: `Not sent: ${filled.errors.map(({ field, message }) => `${field} ${message}`).join('; ')}.` };
    return { content: { template: { name, language, values: filled.values, filled: filledTemplate(template, filled.values) } } };
  }
}
