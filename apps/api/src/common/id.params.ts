import { idParamsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class IdParams extends createZodDto(idParamsSchema) {}
