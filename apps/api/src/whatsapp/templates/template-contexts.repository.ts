import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { TransactionClient } from '../../database/prisma-client';
import type { TemplateContext } from './template-values';

/** Reads what a template's variables are filled from: the lead, its owner, its next open site visit and that visit's property. */
@Injectable()
export class TemplateContextsRepository {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `visitId`: that site visit (a confirmation's, a reminder's) rather than the lead's next one. */
  async contextOf(leadId: string, now: Date, db: Pick<TransactionClient, 'lead' | 'task'>, visitId?: string): Promise<TemplateContext> {
    const lead = await db.lead.findUniqueOrThrow({ where: { id: leadId }, select: { name: true, phone: true, location: true, interestedIn: true, owner: { select: { name: true } } } });
    const visit = await db.task.findFirst({
      where: visitId ? { id: visitId, leadId } : { leadId, type: 'site_visit', doneAt: null, cancelledAt: null, dueAt: { gte: now } },
      orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
      select: { dueAt: true, property: { select: { name: true, siteVisitAddress: true } } },
    });
    return {
      lead: { name: lead.name, phone: lead.phone, location: lead.location, interestedIn: lead.interestedIn },
      owner: lead.owner,
      visit: visit && { at: visit.dueAt, property: visit.property },
      timeZone: this.config.APP_TIME_ZONE,
      now,
    };
  }
}
