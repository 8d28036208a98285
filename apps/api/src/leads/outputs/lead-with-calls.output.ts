import { leadWithCallsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadWithCallsOutput extends createZodDto(leadWithCallsSchema) {}
