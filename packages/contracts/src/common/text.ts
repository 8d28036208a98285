import { z } from 'zod';

/** Trimmed text of at most `max` characters; NUL is refused (PostgreSQL cannot store it). */
export const text = (max: number) =>
  z
    .string('must be text')
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

/** Optional text where empty means "not given", as forms and CSV cells send it: blank becomes null. */
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value === '' ? null : value));
