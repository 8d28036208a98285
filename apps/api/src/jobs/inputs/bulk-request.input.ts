import { bulkRequestSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class BulkRequestInput extends createZodDto(bulkRequestSchema) {}
