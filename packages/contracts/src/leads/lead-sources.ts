import { z } from 'zod';
import { leadFilterSchema } from './lead-filter';

/** What makes two spellings of a source one: case and surrounding spaces do not count ("Voice Bot" is "voice bot"). */
export function sourceKey(source: string): string {
  return source.trim().toLowerCase();
}

/** GET /api/leads/sources: the sources of the leads a list shows, archived ones only with archived=true (then only them). */
export const leadSourcesQuerySchema = leadFilterSchema.pick({ archived: true });

/** A source in use: its most used spelling, and how many leads the viewer may see carry it in any spelling. */
export const sourceCountSchema = z.object({ source: z.string(), count: z.number().int() });
export type SourceCount = z.infer<typeof sourceCountSchema>;
