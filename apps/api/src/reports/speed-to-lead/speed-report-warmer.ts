import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { presetPeriod, SPEED_TO_LEAD_PRESETS } from '@lead-desk/contracts';
import { Clock } from '../../common/clock';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { StaffRepository } from '../../staff/staff.repository';
import { SpeedToLeadService } from './speed-to-lead.service';

/**
 * Keeps the speed-to-lead panel's periods (today, the last 7 and 30 days in APP_TIME_ZONE) ready
 * in this process: every SPEED_REPORT_WARM_SECONDS each is aggregated again where the data
 * changed since, for everyone's view and each agent's, one at a time (off the event loop, see
 * Database.aggregateRows). The first viewer of a preset then gets a kept report at once instead
 * of waiting for a month's aggregation (half a second at a million leads). A viewer in another
 * time zone than APP_TIME_ZONE asks for other days, which wait as any period chosen by hand.
 */
@Injectable()
export class SpeedReportWarmer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SpeedReportWarmer.name);
  private readonly rounds = new PeriodicTask(
    () => this.warmPresets(),
    (error) => this.logger.error({ err: error }, "Keeping the speed-to-lead panel's periods ready failed; the next round tries again"),
  );

  constructor(
    private readonly service: SpeedToLeadService,
    private readonly staff: StaffRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.SPEED_REPORT_WARM_SECONDS > 0) this.rounds.start(this.config.SPEED_REPORT_WARM_SECONDS * 1000, { runNow: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round: everyone's presets first, then (with staff sign-in) each agent's. */
  async warmPresets(): Promise<void> {
    const now = this.clock.now();
    const viewers = [null, ...(this.config.AUTH_MODE === 'staff' ? await this.staff.agentIds() : [])];
    for (const ownerId of viewers) {
      for (const preset of SPEED_TO_LEAD_PRESETS) await this.service.warm(presetPeriod(preset, now, this.config.APP_TIME_ZONE), ownerId);
    }
  }
}
