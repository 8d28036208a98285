import { duplicatesQuerySchema, leadMatchesQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class DuplicatesQuery extends createZodDto(duplicatesQuerySchema) {}
export class LeadMatchesQuery extends createZodDto(leadMatchesQuerySchema) {}
