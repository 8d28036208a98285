import { erasureSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class ErasureOutput extends createZodDto(erasureSchema) {}
