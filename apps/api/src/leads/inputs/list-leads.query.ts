import { leadFilterSchema, listLeadsQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadFilterQuery extends createZodDto(leadFilterSchema) {}
export class ListLeadsQuery extends createZodDto(listLeadsQuerySchema) {}
