import { staffLeadCallsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffLeadCallsInput extends createZodDto(staffLeadCallsSchema) {}
