import { speedToLeadReportSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SpeedToLeadReportOutput extends createZodDto(speedToLeadReportSchema) {}
