import { createdLeadSourceKeySchema, inboundLeadReceiptSchema, leadSourceKeySchema, leadSourceSchema, type LeadSourceKey } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { StoredLeadSourceKey } from '../lead-source-keys.repository';

export class LeadSourceOutput extends createZodDto(leadSourceSchema) {}
export class LeadSourceKeyOutput extends createZodDto(leadSourceKeySchema) {}
export class CreatedLeadSourceKeyOutput extends createZodDto(createdLeadSourceKeySchema) {}
export class InboundLeadReceiptOutput extends createZodDto(inboundLeadReceiptSchema) {}

export function toLeadSourceKeyOutput(key: StoredLeadSourceKey): LeadSourceKey {
  return {
    id: key.id,
    prefix: key.prefix,
    label: key.label,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
