import { mergePreviewQuerySchema, mergeRequestSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';

export class MergePreviewQuery extends createZodDto(mergePreviewQuerySchema) {}
export class MergeRequestInput extends createZodDto(mergeRequestSchema) {}

/** A merge request as validated: `choose` defaults to every field's proposal. */
export type ValidMergeRequest = z.output<typeof mergeRequestSchema>;
