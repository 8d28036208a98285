import { Injectable, NotFoundException } from '@nestjs/common';
import type { LeadActivity } from '@lead-desk/contracts';
import { Database } from '../database/database';
import { canSeeLead, type LeadAccess } from '../leads/access/lead-access';
import { decodeLeadCursor, encodeLeadCursor } from '../leads/lead-cursor';
import { LeadActivityRepository } from './lead-activity.repository';

export interface ActivityPage {
  items: LeadActivity[];
  nextCursor: string | null;
}

/** Reads a lead's timeline a page at a time. */
@Injectable()
export class LeadActivityService {
  constructor(
    private readonly activities: LeadActivityRepository,
    private readonly database: Database,
  ) {}

  /** A lead out of the viewer's sight (another agent's) is answered as missing. */
  async page(leadId: string, access: LeadAccess, limit: number, cursor?: string): Promise<ActivityPage> {
    const after = cursor ? decodeLeadCursor(cursor) : undefined;
    const [lead, page] = await Promise.all([
      this.database.client.lead.findUnique({ where: { id: leadId }, select: { id: true, ownerId: true } }),
      this.activities.findPage(leadId, limit + 1, after),
    ]);
    if (!lead || !canSeeLead(access, lead.ownerId)) throw new NotFoundException(`No lead with id ${leadId}.`);
    const hasMore = page.length > limit;
    const items = hasMore ? page.slice(0, limit) : page;
    const last = items.at(-1);
    return { items, nextCursor: hasMore && last ? encodeLeadCursor({ createdAt: new Date(last.at), id: last.id }) : null };
  }
}
