import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { activity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { AccessLog } from '../access-log/access-log.service';
import { VapiDeleter } from '../vapi-deletions/vapi-deleter';
import { VapiDeletionsRepository } from '../vapi-deletions/vapi-deletions.repository';
import { WHATSAPP_CHANNEL } from '../../whatsapp/whatsapp-channel';
import { CHAT_CHANNEL } from '../../chat/chat-channel';
import { DailyRunsRepository } from './daily-runs.repository';
import { runOnceADay } from './once-a-day';

const TASK = 'retention-purge';
/** How often each process looks whether today's purge has run: the day's first look after midnight runs it. */
const CHECK_MS = 60 * 60 * 1000;
/** Calls purged per transaction. */
const BATCH = 500;

/**
 * RETENTION_DAYS: once a day (the day in APP_TIME_ZONE), across every API process, the
 * transcripts and recordings of calls older than that are purged: our columns nulled, the
 * stored webhook messages that carry them deleted, a `retention_purged` entry on each lead
 * touched, and Vapi asked to delete the calls through the erasure's retrying outbox. What
 * WhatsApp messages that old said goes the same way: their text and template values, the text of
 * their timeline entries, and the webhook deliveries that carried them; and what was said in chats
 * begun that long ago: the session's result, the words of its timeline entry, its processed inbox
 * row, and the session at Vapi (the same outbox as calls). A process that dies
 * mid-purge leaves the rest to the next day's run (the purge is by age, so nothing is skipped for good).
 */
@Injectable()
export class RetentionPurge implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionPurge.name);
  private readonly checks = new PeriodicTask(
    () => this.runToday(new Date()),
    (error) => this.logger.error({ err: error }, 'The retention purge failed; the next check tries again'),
  );

  constructor(
    private readonly database: Database,
    private readonly dailyRuns: DailyRunsRepository,
    private readonly activities: LeadActivityRepository,
    private readonly deletions: VapiDeletionsRepository,
    private readonly deleter: VapiDeleter,
    private readonly accessLog: AccessLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RETENTION_DAYS !== undefined) this.checks.start(CHECK_MS, { runNow: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.checks.stop();
  }

  /** Runs the day's purge unless another process (or this one) has. */
  async runToday(now: Date): Promise<void> {
    const outcome = await runOnceADay(this.dailyRuns, TASK, now, this.config.APP_TIME_ZONE, () => this.purge(now));
    if (outcome && (outcome.calls > 0 || outcome.whatsappMessages > 0 || outcome.chats > 0)) this.logger.log(outcome, 'Purged transcripts, recordings, WhatsApp texts and chats past retention');
  }

  /** Purges every call older than RETENTION_DAYS before `now` that still holds a transcript or recording, every WhatsApp message that still says something, and every chat that still holds its result. */
  async purge(now: Date): Promise<{ calls: number; leads: number; whatsappMessages: number; chats: number }> {
    const cutoff = new Date(now.getTime() - this.config.RETENTION_DAYS! * 86_400_000);
    const whatsappMessages = await this.inBatches((tx) => this.purgeWhatsappMessages(cutoff, now, tx));
    const chats = await this.inBatches((tx) => this.purgeChats(cutoff, now, tx));
    let leads = 0;
    const calls = await this.inBatches(async (tx) => {
      const batch = await this.purgeCalls(cutoff, now, tx);
      leads += batch.leads;
      return batch.calls;
    });
    if (calls > 0 || chats > 0) this.deleter.kick();
    return { calls, leads, whatsappMessages, chats };
  }

  /** Runs `batch` a transaction at a time until one handles fewer than BATCH rows; answers how many all handled. */
  private async inBatches(batch: (tx: TransactionClient) => Promise<number>): Promise<number> {
    let handled = 0;
    for (;;) {
      const count = await this.database.transaction(batch);
      handled += count;
      if (count < BATCH) return handled;
    }
  }

  /** A batch of calls before `cutoff` still holding a transcript or recording: both nulled here, the calls deleted at Vapi. */
  private async purgeCalls(cutoff: Date, now: Date, tx: TransactionClient): Promise<{ calls: number; leads: number }> {
    const calls = await tx.call.findMany({
      where: { createdAt: { lt: cutoff }, OR: [{ transcript: { not: null } }, { recordingUrl: { not: null } }] },
      select: { id: true, vapiCallId: true, leadId: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    if (calls.length === 0) return { calls: 0, leads: 0 };
    const ids = calls.map(({ id }) => id);
    const vapiCallIds = calls.map(({ vapiCallId }) => vapiCallId);
    await tx.call.updateMany({ where: { id: { in: ids } }, data: { transcript: null, recordingUrl: null } });
    // The raw messages carry the transcript too; processed ones are no longer needed.
    await tx.webhookEvent.deleteMany({ where: { vapiCallId: { in: vapiCallIds }, processedAt: { not: null } } });
    const byLead = idsByLead(calls);
    await this.activities.append([...byLead].map(([leadId, callIds]) => activity(leadId, 'retention_purged', { callIds, whatsappMessageIds: [] })), tx, now);
    await this.deletions.request(vapiCallIds.map((vapiId) => ({ resource: 'call' as const, vapiId, reason: 'retention' as const, erasureId: null })), tx, now);
    await this.accessLog.record({ actorId: null, action: 'retention_purged', targetIds: ids, details: { calls: ids.length, leads: byLead.size, retentionDays: this.config.RETENTION_DAYS } }, tx);
    return { calls: calls.length, leads: byLead.size };
  }

  /** A batch of WhatsApp messages sent before `cutoff` that still say something: blanked, with their timeline entries' words. */
  private async purgeWhatsappMessages(cutoff: Date, now: Date, tx: TransactionClient): Promise<number> {
    const messages = await tx.whatsappMessage.findMany({ where: { sentAt: { lt: cutoff }, OR: [{ body: { not: null } }, { variables: { not: null } }] }, select: { id: true, leadId: true }, orderBy: { id: 'asc' }, take: BATCH });
    if (messages.length === 0) return 0;
    const ids = messages.map(({ id }) => id);
    await tx.whatsappMessage.updateMany({ where: { id: { in: ids } }, data: { body: null, variables: null } });
    const byLead = idsByLead(messages);
    const purged = new Set(ids);
    await this.activities.rewriteEntries('whatsapp_message', [...byLead.keys()], (data) => (purged.has(data.messageId) && data.text !== null ? { ...data, text: null } : null), tx);
    // The deliveries carried the person's words too; those processed are no longer needed.
    await tx.webhookEvent.deleteMany({ where: { channel: WHATSAPP_CHANNEL, processedAt: { not: null }, receivedAt: { lt: cutoff } } });
    await this.activities.append([...byLead].map(([leadId, whatsappMessageIds]) => activity(leadId, 'retention_purged', { callIds: [], whatsappMessageIds })), tx, now);
    await this.accessLog.record({ actorId: null, action: 'retention_purged', targetIds: ids, details: { whatsappMessages: ids.length, leads: byLead.size, retentionDays: this.config.RETENTION_DAYS } }, tx);
    return messages.length;
  }

  /** A batch of chats begun before `cutoff` that still hold their result: what was said blanked here (who spoke and when stay) and deleted at Vapi. */
  private async purgeChats(cutoff: Date, now: Date, tx: TransactionClient): Promise<number> {
    const chats = await tx.chatSession.findMany({ where: { startedAt: { lt: cutoff }, result: { not: null } }, select: { id: true, vapiSessionId: true, leadId: true }, orderBy: { id: 'asc' }, take: BATCH });
    if (chats.length === 0) return 0;
    const ids = chats.map(({ id }) => id);
    const vapiSessionIds = chats.map(({ vapiSessionId }) => vapiSessionId);
    await tx.chatSession.updateMany({ where: { id: { in: ids } }, data: { result: null } });
    const byLead = idsByLead(chats);
    const purged = new Set(ids);
    await this.activities.rewriteEntries('chat', [...byLead.keys()], (data) => (purged.has(data.chatSessionId) ? { ...data, messages: data.messages.map((message) => ({ ...message, text: null })) } : null), tx);
    // The session's inbox row carried the conversation too; once processed it is no longer needed.
    await tx.webhookEvent.deleteMany({ where: { channel: CHAT_CHANNEL, externalId: { in: vapiSessionIds }, processedAt: { not: null } } });
    await this.activities.append([...byLead].map(([leadId, chatSessionIds]) => activity(leadId, 'retention_purged', { callIds: [], chatSessionIds })), tx, now);
    await this.deletions.request(vapiSessionIds.map((vapiId) => ({ resource: 'session' as const, vapiId, reason: 'retention' as const, erasureId: null })), tx, now);
    await this.accessLog.record({ actorId: null, action: 'retention_purged', targetIds: ids, details: { chats: ids.length, leads: byLead.size, retentionDays: this.config.RETENTION_DAYS } }, tx);
    return chats.length;
  }
}

/** Each lead's rows' ids (rows of no lead left out). */
function idsByLead(rows: { id: string; leadId: string | null }[]): Map<string, string[]> {
  const byLead = new Map<string, string[]>();
  for (const { id, leadId } of rows) if (leadId) byLead.set(leadId, [...(byLead.get(leadId) ?? []), id]);
  return byLead;
}
