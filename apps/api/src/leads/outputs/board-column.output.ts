import { boardColumnSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class BoardColumnOutput extends createZodDto(boardColumnSchema) {}
