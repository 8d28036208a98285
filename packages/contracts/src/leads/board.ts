import { z } from 'zod';

/** GET /api/leads/board: how many leads of the filter each stage holds (every stage, in position order). */
export const boardColumnSchema = z.object({ stageId: z.string(), count: z.number().int() });
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const boardSchema = z.array(boardColumnSchema);
