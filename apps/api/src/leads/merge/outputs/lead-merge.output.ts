import { mergeOutcomeSchema, mergePreviewSchema, mergeUndoneSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class MergePreviewOutput extends createZodDto(mergePreviewSchema) {}
export class MergeOutcomeOutput extends createZodDto(mergeOutcomeSchema) {}
export class MergeUndoneOutput extends createZodDto(mergeUndoneSchema) {}
