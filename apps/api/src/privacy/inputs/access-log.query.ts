import { accessLogQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class AccessLogQuery extends createZodDto(accessLogQuerySchema) {}
