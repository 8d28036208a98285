import { newStaffMemberSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class CreateStaffInput extends createZodDto(newStaffMemberSchema) {}
