import { leadSourcesQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadSourcesQuery extends createZodDto(leadSourcesQuerySchema) {}
