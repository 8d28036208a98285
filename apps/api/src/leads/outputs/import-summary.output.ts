import { importSummarySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class ImportSummaryOutput extends createZodDto(importSummarySchema) {}
