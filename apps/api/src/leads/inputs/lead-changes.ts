import { leadChangesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { z } from 'zod';
import { fieldErrorsFromZod } from '../../common/field-errors';
import { phoneNumberIn, type ParseResult } from './lead-input';

/** PATCH /api/leads/:id's body in the OpenAPI document; LeadChangesPipe validates it. */
export class UpdateLeadInput extends createZodDto(leadChangesSchema) {}

/** The contracts' lead changes, the phone read as on creation. */
const leadChangesSchemaIn = (phoneRegion: string) => leadChangesSchema.extend({ phone: phoneNumberIn(phoneRegion).optional() });

export type ValidLeadChanges = z.output<ReturnType<typeof leadChangesSchemaIn>>;

const schemaByRegion = new Map<string, ReturnType<typeof leadChangesSchemaIn>>();

/** Validates an edit of a lead with the rules of its creation (a field left out stays as it is). */
export function parseLeadChanges(raw: unknown, phoneRegion: string): ParseResult<ValidLeadChanges> {
  let schema = schemaByRegion.get(phoneRegion);
  if (!schema) schemaByRegion.set(phoneRegion, (schema = leadChangesSchemaIn(phoneRegion)));
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrorsFromZod(parsed.error) };
}
