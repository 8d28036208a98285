import { importPreviewSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class ImportPreviewOutput extends createZodDto(importPreviewSchema) {}
