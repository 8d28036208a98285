import { healthFailureSchema, healthSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class HealthOutput extends createZodDto(healthSchema) {}
export class HealthFailureOutput extends createZodDto(healthFailureSchema) {}
