import { leadStatsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadStatsOutput extends createZodDto(leadStatsSchema) {}
