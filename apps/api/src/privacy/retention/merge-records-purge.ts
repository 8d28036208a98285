import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LeadMergesRepository } from '../../leads/merge/lead-merges.repository';
import { DailyRunsRepository } from './daily-runs.repository';
import { runOnceADay } from './once-a-day';

const TASK = 'merge-records-purge';
/** How often each process looks for merge records past their days. */
const CHECK_MS = 60 * 60 * 1000;

/**
 * A merge record holds both leads as they were, personal data kept only so the merge can be
 * undone: once its MERGE_UNDO_DAYS have passed it is deleted, once a day across every API process
 * (the first look of the day that finds such a record claims the day's daily_runs row and purges).
 */
@Injectable()
export class MergeRecordsPurge implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MergeRecordsPurge.name);
  private readonly checks = new PeriodicTask(
    () => this.runToday(this.clock.now()),
    (error) => this.logger.error({ err: error }, 'The purge of merge records failed; the next check tries again'),
  );

  constructor(
    private readonly merges: LeadMergesRepository,
    private readonly dailyRuns: DailyRunsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.checks.start(CHECK_MS, { runNow: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.checks.stop();
  }

  /** Purges the records past their days, unless there are none or the day's purge ran already. */
  async runToday(now: Date): Promise<void> {
    if (!(await this.merges.anyPast(now))) return;
    const outcome = await runOnceADay(this.dailyRuns, TASK, now, this.config.APP_TIME_ZONE, async () => ({ merges: await this.merges.deletePast(now) }));
    if (outcome) this.logger.log(outcome, 'Purged merge records past their days to be undone');
  }
}
