import { duplicatePairSchema, leadMatchSchema, type DuplicateLead, type DuplicatePair } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { DuplicateLeadRow, DuplicatePairRow } from '../lead-duplicates.repository';

export class DuplicatePairOutput extends createZodDto(duplicatePairSchema) {}
export class LeadMatchOutput extends createZodDto(leadMatchSchema) {}

export function toDuplicatePairOutput({ id, reason, detectedAt, lead, other }: DuplicatePairRow): DuplicatePair {
  return { id, reason, detectedAt, lead: toDuplicateLead(lead), other: toDuplicateLead(other) };
}

function toDuplicateLead({ id, name, email, phone, location, source, createdAt, archivedAt }: DuplicateLeadRow): DuplicateLead {
  return { _id: id, name, email, phone, location, source, createdAt, archived: archivedAt !== null };
}
