import { stageSchema, type Stage } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { Stage as StageRecord } from '../../database/models';

export class StageOutput extends createZodDto(stageSchema) {}

export function toStageOutput(stage: StageRecord): Stage {
  return { id: stage.id, name: stage.name, kind: stage.kind as Stage['kind'], position: stage.position, archived: stage.archived };
}
