import { sourceCountSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SourceCountOutput extends createZodDto(sourceCountSchema) {}
