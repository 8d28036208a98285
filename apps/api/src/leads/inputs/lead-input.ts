import { createLeadRequestSchema, leadInputSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';
import { normalizePhoneNumber } from '../phone-number';

/** POST /api/leads's body in the OpenAPI document; LeadInputPipe validates it. */
export class CreateLeadInput extends createZodDto(createLeadRequestSchema) {}

/** The contracts' phone field, read as a number in `phoneRegion` and written in E.164. */
export const phoneNumberIn = (phoneRegion: string) =>
  leadInputSchema.shape.phone.transform((phone, context) => {
    if (phone == null) return phone;
    const normalized = normalizePhoneNumber(phone, phoneRegion);
    if (!normalized) context.addIssue({ code: 'custom', message: 'is not a valid phone number' });
    return normalized ?? phone;
  });

/** The contracts' lead fields, with the phone number read as one in `phoneRegion` and written in E.164. */
const leadInputSchemaIn = (phoneRegion: string) => leadInputSchema.extend({ phone: phoneNumberIn(phoneRegion) });

export type ValidLead = z.output<ReturnType<typeof leadInputSchemaIn>>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const schemaByRegion = new Map<string, ReturnType<typeof leadInputSchemaIn>>();

/** Validates a lead and normalises its phone number to E.164 (national numbers read in `phoneRegion`). */
export function parseLeadInput(raw: unknown, phoneRegion: string): ParseResult<ValidLead> {
  let schema = schemaByRegion.get(phoneRegion);
  if (!schema) schemaByRegion.set(phoneRegion, (schema = leadInputSchemaIn(phoneRegion)));
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsFromZod(parsed.error) };
}
