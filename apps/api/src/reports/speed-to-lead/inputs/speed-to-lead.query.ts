import { speedToLeadQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SpeedToLeadQueryInput extends createZodDto(speedToLeadQuerySchema) {}
