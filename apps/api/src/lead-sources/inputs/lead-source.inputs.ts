import { leadSourceChangesSchema, leadSourceKeyParamsSchema, leadSourceListQuerySchema, newLeadSourceKeySchema, newLeadSourceSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class NewLeadSourceInput extends createZodDto(newLeadSourceSchema) {}
export class LeadSourceChangesInput extends createZodDto(leadSourceChangesSchema) {}
export class LeadSourceListQuery extends createZodDto(leadSourceListQuerySchema) {}
export class NewLeadSourceKeyInput extends createZodDto(newLeadSourceKeySchema) {}
export class LeadSourceKeyParams extends createZodDto(leadSourceKeyParamsSchema) {}
