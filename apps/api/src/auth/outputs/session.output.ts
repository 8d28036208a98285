import { sessionSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SessionOutput extends createZodDto(sessionSchema) {}
