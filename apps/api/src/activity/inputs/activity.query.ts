import { activityQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class ActivityQuery extends createZodDto(activityQuerySchema) {}
