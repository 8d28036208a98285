import { accessRequestSchema, erasureRequestSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class AccessRequestInput extends createZodDto(accessRequestSchema) {}
export class ErasureRequestInput extends createZodDto(erasureRequestSchema) {}
