import { staffLeadCallsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffLeadCallsOutput extends createZodDto(staffLeadCallsSchema) {}
