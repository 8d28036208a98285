import { errorBodySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class ErrorBodyOutput extends createZodDto(errorBodySchema) {}
