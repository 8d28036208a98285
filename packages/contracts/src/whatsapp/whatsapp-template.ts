import { z } from 'zod';
import { text } from '../common/text';

/**
 * Where a template's variable takes its value when a message is sent: the lead, its owner, the
 * lead's next site visit (its time in APP_TIME_ZONE, its property's name, address and a map link to
 * it), or `custom`: given with each send.
 */
export const WHATSAPP_VARIABLE_SOURCES = ['lead.name', 'lead.location', 'lead.interestedIn', 'owner.name', 'visit.time', 'property.name', 'property.address', 'property.mapLink', 'custom'] as const;
export const whatsappVariableSourceSchema = z.enum(WHATSAPP_VARIABLE_SOURCES, `must be one of ${WHATSAPP_VARIABLE_SOURCES.join(', ')}`);
export type WhatsappVariableSource = z.infer<typeof whatsappVariableSourceSchema>;

/** A variable of a template's body, {{1}} for the first, {{2}} for the second…: its key (what a send names it by) and its source. */
export const whatsappTemplateVariableSchema = z.strictObject({
  key: z.string('must be text').regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and _ (up to 40), starting with a letter'),
  source: whatsappVariableSourceSchema,
});
export type WhatsappTemplateVariable = z.infer<typeof whatsappTemplateVariableSchema>;

/** A template approved in Meta's WhatsApp Manager, as an admin registered it: GET /api/whatsapp/templates lists them. */
export const whatsappTemplateSchema = z.object({
  id: z.string(),
  /** Meta's name of it (callback_missed, visit_confirmation, visit_reminder). */
  name: z.string(),
  /** Meta's language code of the approved translation (en, en_US, hi). */
  language: z.string(),
  variables: z.array(whatsappTemplateVariableSchema),
  /** What the body says, {{1}}… where the variables go: the timeline shows a sent template filled in. */
  body: z.string().nullable(),
  /** No longer offered for sending; kept for the messages sent with it. */
  archived: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

export const whatsappTemplateNameSchema = z.string('must be text').regex(/^[a-z0-9_]{1,512}$/, 'must be the template’s name in WhatsApp Manager: lower-case letters, digits and _');
export const whatsappLanguageCodeSchema = z.string('must be text').regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp language code such as en, en_US or hi');
const variables = z
  .array(whatsappTemplateVariableSchema, 'must be a list of { key, source }')
  .max(20, 'must be at most 20')
  .refine((list) => new Set(list.map(({ key }) => key)).size === list.length, 'must have distinct keys');
const body = text(1024).nullish();

/** Whether a body's placeholders are exactly {{1}} to {{n}}, one per variable (a body may use one twice). */
export function bodyFitsVariables(body: string, variableCount: number): boolean {
  const placeholders = [...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
  return placeholders.length === variableCount && placeholders.every((number, index) => number === index + 1);
}
export const BODY_MISFIT = 'must use {{1}} to {{n}}, one for each variable, in order';

const fits = (template: { body?: string | null; variables?: WhatsappTemplateVariable[] }) => !template.body || !template.variables || bodyFitsVariables(template.body, template.variables.length);

/** POST /api/whatsapp/templates (admins): a template approved in WhatsApp Manager, by its name and language. */
export const newWhatsappTemplateSchema = z.strictObject({ name: whatsappTemplateNameSchema, language: whatsappLanguageCodeSchema, variables: variables.default([]), body }).refine(fits, { message: BODY_MISFIT, path: ['body'] });
export type NewWhatsappTemplate = z.input<typeof newWhatsappTemplateSchema>;

/** PATCH /api/whatsapp/templates/:id (admins): its variables and body as Meta approved them again, or archived. */
export const whatsappTemplateChangesSchema = z
  .strictObject({ variables: variables.optional(), body, archived: z.boolean('must be true or false').optional() })
  .refine(fits, { message: BODY_MISFIT, path: ['body'] });
export type WhatsappTemplateChanges = z.input<typeof whatsappTemplateChangesSchema>;
