import { savedViewSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SavedViewOutput extends createZodDto(savedViewSchema) {}
