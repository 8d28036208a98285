import { newStageSchema, stageChangesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class NewStageInput extends createZodDto(newStageSchema) {}
export class StageChangesInput extends createZodDto(stageChangesSchema) {}
