import { assignmentSettingsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class AssignmentSettingsOutput extends createZodDto(assignmentSettingsSchema) {}
