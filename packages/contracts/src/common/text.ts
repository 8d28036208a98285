import { z } from 'zod';

/** What any text input answers for a NUL character, naming its field (PostgreSQL can neither store nor compare one). */
export const NUL_REFUSED = 'must not contain NUL characters';

/**
 * Any text a request carries, a body's field or a query parameter: NUL is refused, so the
 * answer is a 400 naming the field, never the database failing on it. Every text input of
 * the contracts starts here.
 */
export const plainText = (error: Parameters<typeof z.string>[0] = 'must be text') => z.string(error).refine((value) => !value.includes('\u0000'), NUL_REFUSED);

/** Trimmed text of at most `max` characters; NUL is refused. */
export const text = (max: number) => plainText().trim().max(max, `must be at most ${max} characters`);

/** Optional text where empty means "not given", as forms and CSV cells send it: blank becomes null. */
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** A page's `cursor` as the API handed it out (in the Link header). */
export const pageCursorSchema = plainText().max(200, 'must be at most 200 characters');
