import { dailyLeadCountSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class DailyLeadCountOutput extends createZodDto(dailyLeadCountSchema) {}
