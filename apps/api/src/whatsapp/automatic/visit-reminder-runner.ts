import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import { LiveEventsService } from '../../events/live-events.service';
import { readWhatsappSettings } from '../whatsapp-settings';
import { AutomaticWhatsappMessages } from './automatic-whatsapp-messages';
import { VisitRemindersRepository } from './visit-reminders.repository';

/** How often each process looks for due reminders. */
const POLL_MS = 1000;
/** Reminders taken per look; the rest wait for the next. */
const BATCH = 20;

/**
 * Turns due visit reminders into outbox messages, in every API process: each in one transaction
 * that closes the reminder with a conditional write (scheduled → queued, one process wins) and
 * queues its message. A process that dies before committing leaves the reminder scheduled for the
 * next look, in any process; the outbox then sends it once.
 */
@Injectable()
export class VisitReminderRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VisitReminderRunner.name);
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (error) => this.logger.error({ err: error }, 'A round of the WhatsApp visit reminders failed; the next round tries again'),
  );

  constructor(
    private readonly database: Database,
    private readonly reminders: VisitRemindersRepository,
    private readonly automatic: AutomaticWhatsappMessages,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (readWhatsappSettings(this.config).ok) this.rounds.start(POLL_MS, { runNow: true });
  }

  /** Before the database closes: a round in progress finishes first. */
  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  private async round(): Promise<void> {
    for (const id of await this.reminders.due(this.clock.now(), BATCH)) {
      const message = await this.database.transaction((tx) => this.automatic.queueReminder(id, this.clock.now(), tx));
      // Every process's outbox hears of it at once; the lead's page sees its timeline grow.
      if (message) await this.liveEvents.publishAll([{ type: 'whatsapp.message', id: message.id }, { type: 'lead.updated', id: message.leadId }]);
    }
  }
}
