import { staffProfileChangesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffProfileChangesInput extends createZodDto(staffProfileChangesSchema) {}
