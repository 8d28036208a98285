import { assignmentSettingsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class AssignmentSettingsInput extends createZodDto(assignmentSettingsSchema) {}
