import { leadTagsInputSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class LeadTagsInput extends createZodDto(leadTagsInputSchema) {}
