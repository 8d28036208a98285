import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Lead } from '../../database/models';
import { newRowId } from '../../database/row-id';
import { StagesRepository } from '../../stages/stages.repository';
import { freshLead } from '../fresh-lead';
import { LeadsRepository } from '../leads.repository';
import { DEMO_LEADS, type DemoLead } from './demo-leads';

/** Fills an empty database with the demo leads, spread over this month and last month. */
@Injectable()
export class DemoLeadsSeeder {
  private readonly logger = new Logger(DemoLeadsSeeder.name);

  constructor(
    private readonly leads: LeadsRepository,
    private readonly stages: StagesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seedIfEmpty(now = new Date()): Promise<number> {
    if (!(await this.leads.isEmpty())) return 0;
    const dates = demoDates(DEMO_LEADS.length, now, this.config.APP_TIME_ZONE);
    await this.leads.transaction(async (db) => {
      const entryStageId = await this.stages.entryStageId(db);
      await this.leads.createMany(DEMO_LEADS.map((lead, index) => toLead(lead, dates[index], entryStageId)), db);
    });
    this.logger.log({ count: DEMO_LEADS.length }, 'Loaded demo leads');
    return DEMO_LEADS.length;
  }
}

/** Even steps back from now to the start of last month (in the app's time zone): half this month, half last. */
export function demoDates(count: number, now: Date, timeZone: string): Date[] {
  const end = DateTime.fromJSDate(now, { zone: timeZone });
  const thisMonthStart = end.startOf('month');
  const lastMonthStart = thisMonthStart.minus({ months: 1 });
  const half = Math.ceil(count / 2);
  const spread = (from: DateTime, to: DateTime, n: number, i: number) =>
    from.plus({ milliseconds: ((to.toMillis() - from.toMillis()) * (i + 0.5)) / n });
  return Array.from({ length: count }, (_, index) =>
    (index < half
      ? spread(thisMonthStart, end, half, half - 1 - index)
      : spread(lastMonthStart, thisMonthStart, count - half, count - 1 - index)
    ).toJSDate(),
  );
}

function toLead(lead: DemoLead, createdAt: Date, entryStageId: string): Lead {
  const email = `${lead.name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.in`;
  return {
    id: newRowId(),
    ...freshLead(entryStageId),
    name: lead.name,
    email,
    phone: lead.phone,
    location: lead.location,
    qualified: lead.qualified,
    source: lead.source,
    interestedIn: lead.interestedIn,
    budgetAmount: typeof lead.budget === 'number' ? lead.budget : null,
    budgetText: typeof lead.budget === 'string' ? lead.budget : null,
    timeline: lead.timeline,
    loanNeeded: lead.loanNeeded,
    createdAt,
    updatedAt: createdAt,
  };
}
