import { accessLogEntrySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class AccessLogEntryOutput extends createZodDto(accessLogEntrySchema) {}
