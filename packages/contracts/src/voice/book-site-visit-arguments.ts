import { z } from 'zod';
import { plainText } from '../common/text';

/** "12", 12 → 12: an assistant may send the id as text. */
const idOfWords = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value);

/**
 * The arguments of the agent's `book_site_visit` tool: the property (its id from
 * search_properties) and the time the caller asked for, in words or ISO 8601, read in
 * APP_TIME_ZONE. Unknown keys are ignored. Its input JSON Schema (`z.toJSONSchema(…, { io:
 * 'input' })`) is the tool's parameters.
 */
export const bookSiteVisitArguments = z.object({
  propertyId: z
    .preprocess(idOfWords, z.number('must be the id of a property from search_properties').int('must be the id of a property').positive('must be the id of a property'))
    .describe('The id of the property to visit, as search_properties gave it'),
  preferredTime: plainText('must be the time the caller asked for')
    .trim()
    .min(1, 'must be the time the caller asked for')
    .max(200, 'must be at most 200 characters')
    .describe('When the caller wants to visit, in their words or ISO 8601, e.g. "tomorrow 11 am", "Saturday evening" or "2026-11-29T11:00"'),
});
export type BookSiteVisitArguments = z.input<typeof bookSiteVisitArguments>;
