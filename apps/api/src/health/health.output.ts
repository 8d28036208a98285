import { healthFailureSchema, healthSchema, readinessFailureSchema, readinessSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class HealthOutput extends createZodDto(healthSchema) {}
export class HealthFailureOutput extends createZodDto(healthFailureSchema) {}
export class ReadinessOutput extends createZodDto(readinessSchema) {}
export class ReadinessFailureOutput extends createZodDto(readinessFailureSchema) {}
