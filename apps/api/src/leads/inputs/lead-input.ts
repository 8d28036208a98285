import { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';
import { normalizePhoneNumber } from '../phone-number';

/** Trimmed text of at most `max` characters; NUL is refused (PostgreSQL cannot store it). */
export const text = (max: number) =>
  z
    .string('must be text')
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

/** Empty text means "not given", as forms and CSV cells send it. */
const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), text(max).nullish());

/** The fields a lead is written with, as POST /api/leads and the CSV import accept them. */
const leadInputSchema = (phoneRegion: string) => z.strictObject({
  name: z.preprocess(
    (value) => value ?? '',
    text(200).pipe(z.string().min(1, 'is required')),
  ),
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254)).nullish(),
  ),
  phone: optionalText(40).transform((phone, context) => {
    if (phone == null) return phone;
    const normalized = normalizePhoneNumber(phone, phoneRegion);
    if (!normalized) context.addIssue({ code: 'custom', message: 'is not a valid phone number' });
    return normalized ?? phone;
  }),
  location: optionalText(200),
  qualified: z.boolean('must be true or false').optional(),
  source: optionalText(50),
  interestedIn: optionalText(200),
  budget: z
    .union([
      z.number().finite().nonnegative('must not be negative'),
      text(100),
    ], 'must be a number or text')
    .nullish()
    .transform((value) => (value === '' ? null : value)),
  timeline: optionalText(100),
  loan_needed: z.boolean('must be true or false').nullish(),
});

export type ValidLead = z.output<ReturnType<typeof leadInputSchema>>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const schemaByRegion = new Map<string, ReturnType<typeof leadInputSchema>>();

/** Validates a lead and normalises its phone number to E.164 (national numbers read in `phoneRegion`). */
export function parseLeadInput(raw: unknown, phoneRegion: string): ParseResult<ValidLead> {
  let schema = schemaByRegion.get(phoneRegion);
  if (!schema) schemaByRegion.set(phoneRegion, (schema = leadInputSchema(phoneRegion)));
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsFromZod(parsed.error) };
}
