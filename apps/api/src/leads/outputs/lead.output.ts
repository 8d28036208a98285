import { leadSchema, type Lead } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { Lead as LeadRecord, Stage, StaffUser } from '../../database/models';
import { tagsFromColumn } from '../../tags/stored-tags';

export class LeadOutput extends createZodDto(leadSchema) {}

/** A stored lead with the stage it is in and its owner: what a lead's JSON is made of. */
export type LeadWithPipeline = LeadRecord & {
  stage: Pick<Stage, 'id' | 'name' | 'kind'>;
  owner: Pick<StaffUser, 'id' | 'name' | 'email'> | null;
};

/** What reading a lead for its JSON includes (Prisma's `include`). */
export const LEAD_PIPELINE_INCLUDE = {
  stage: { select: { id: true, name: true, kind: true } },
  owner: { select: { id: true, name: true, email: true } },
} as const;

/** A stored lead under the names the API's JSON gives it (the names the dashboard and CSV files use). */
export function toLeadOutput(lead: LeadWithPipeline): Lead {
  return {
    _id: lead.id,
    name: lead.name,
    email: lead.email,
    location: lead.location,
    qualified: lead.qualified,
    createdAt: lead.createdAt.toISOString(),
    source: lead.source,
    phone: lead.phone,
    interestedIn: lead.interestedIn,
    budget: lead.budgetAmount ?? lead.budgetText,
    timeline: lead.timeline,
    loan_needed: lead.loanNeeded,
    updatedAt: lead.updatedAt.toISOString(),
    stage: { id: lead.stage.id, name: lead.stage.name, kind: lead.stage.kind as Lead['stage']['kind'] },
    owner: lead.owner ? { id: lead.owner.id, name: lead.owner.name, email: lead.owner.email } : null,
    lostReason: lead.lostReason,
    version: lead.version,
    archived: lead.archivedAt !== null,
    tags: tagsFromColumn(lead.tags),
    doNotCall: lead.doNotCall,
    doNotCallReason: lead.doNotCallReason,
    previouslyErased: lead.previouslyErasedAt !== null,
  };
}
