import { jobCreatedSchema, jobSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class JobOutput extends createZodDto(jobSchema) {}
export class JobCreatedOutput extends createZodDto(jobCreatedSchema) {}
