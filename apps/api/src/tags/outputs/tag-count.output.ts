import { tagCountSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class TagCountOutput extends createZodDto(tagCountSchema) {}
