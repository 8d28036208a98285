import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ChannelDeliveriesRepository } from '../inbox/channel-deliveries.repository';
import { ChatEndings } from './chat-endings';
import { CHAT_CHANNEL } from './chat-channel';
import { ChatResults } from './chat-results';
import { ChatSessionsRepository } from './chat-sessions.repository';

/** Chats ended, and results tried, per round at most; more wait for the next. */
const ROUND_LIMIT = 200;

/**
 * Each API process, every round: ends the chats idle for CHAT_IDLE_MINUTES (so a chat the
 * visitor simply left still becomes a lead, with no webhook from Vapi needed), and tries again
 * the chats' results not applied yet, CHAT_RETRY_SECONDS after they were stored, doubling up to
 * an hour. The work is in the database (chat_sessions, the inbox), so a restart loses none, and
 * every step is claimed, so several processes end a chat and make its lead once. A round comes
 * every CHAT_RETRY_SECONDS, or half the idle time if that is sooner.
 */
@Injectable()
export class ChatSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ChatSchedule.name);
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (error) => this.logger.error({ err: error }, 'A round of the chats’ endings and results failed; trying again next round'),
  );

  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly endings: ChatEndings,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly results: ChatResults,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(Math.min(this.config.CHAT_RETRY_SECONDS, (this.config.CHAT_IDLE_MINUTES * 60) / 2) * 1000);
  }

  /** Before the database closes: a round in progress finishes first. */
  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  private async round(): Promise<void> {
    const idleSince = new Date(this.clock.now().getTime() - this.config.CHAT_IDLE_MINUTES * 60_000);
    for (const chat of await this.sessions.idleSince(idleSince, ROUND_LIMIT)) await this.endings.endIdle(chat, idleSince);
    for (const event of await this.deliveries.due([CHAT_CHANNEL], this.config.CHAT_RETRY_SECONDS, this.clock.now(), ROUND_LIMIT)) await this.results.attempt(event);
  }
}
