import { z } from 'zod';
import { plainText } from '../common/text';

/**
 * Where an imported column's cells go: a field of a lead (as leads.csv names it), one half
 * of a name another CRM splits, a column of amounts in rupees, the lead's stage, tags,
 * owner or lost reason, a consent to record, Do Not Call to set or a WhatsApp opt-in (yes/no cells), a line
 * "<header>: <cell>" of a note added to the lead (`note`; `noteAndTag` also gives the lead
 * the cell as one tag when it fits the tag rules), or `ignore` (the column is not read).
 */
export const IMPORT_FIELDS = [
  '_id',
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'location',
  'qualified',
  'createdAt',
  'source',
  'interestedIn',
  'budget',
  'budgetInRupees',
  'timeline',
  'loan_needed',
  'stage',
  'lostReason',
  'tags',
  'owner',
  'consent',
  'doNotCall',
  'whatsappOptIn',
  'note',
  'noteAndTag',
] as const;
export const importFieldSchema = z.enum(IMPORT_FIELDS, 'must be a lead field');
export type ImportField = z.infer<typeof importFieldSchema>;

export const IGNORE_COLUMN = 'ignore';
export const importTargetSchema = z.union([importFieldSchema, z.literal(IGNORE_COLUMN)], `must be a lead field or "${IGNORE_COLUMN}"`);
export type ImportTarget = z.infer<typeof importTargetSchema>;

/**
 * For some of the file's columns (by header, exactly as the file writes it), where their
 * cells go; a column left out is read as its header suggests. Sent as a JSON object.
 */
export type ImportMapping = Record<string, ImportTarget>;

/**
 * A mapping read into a Map, header by header: a header such as `__proto__`, `constructor`
 * or `toString` is a key like any other (zod's record drops `__proto__`, and every object
 * answers `constructor` and `toString`).
 */
export const importMappingSchema = z
  .custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), `must be an object of header → lead field or "${IGNORE_COLUMN}"`)
  .transform((mapping) => new Map(Object.entries(mapping)))
  .pipe(z.map(plainText().max(200, 'must be at most 200 characters'), importTargetSchema));
export type ImportMappingByHeader = z.output<typeof importMappingSchema>;

/**
 * Which leads a row updates rather than creating one. In every mode a row carrying an
 * `_id` of a stored lead updates that lead first.
 * - `both` (the default, the webhook's rule): the oldest lead with the row's email, else
 *   the oldest with its phone.
 * - `email`: the oldest lead with the row's email only; a row without a known email creates a lead.
 * - `phone`: the oldest lead with the row's phone only.
 */
export const DEDUPE_RULES = ['both', 'email', 'phone'] as const;
export const dedupeRuleSchema = z.enum(DEDUPE_RULES, 'must be both, email or phone');
export type DedupeRule = z.infer<typeof dedupeRuleSchema>;

/**
 * What a row does to the stored lead it is the same person as (`dedupe`'s rule).
 * - `fill` (the default): writes only what the lead lacks (an empty field, no owner, tags it
 *   does not carry yet, a consent it never gave); a value that differs from the lead's is
 *   kept as stored, and the preview lists it as kept.
 * - `overwrite`: writes every value the row gives over the lead's (its Tags column replaces
 *   the lead's tags), and records a consent again that the person withdrew.
 * In both, a Do Not Call or a consent withdrawal the row gives is written (the person asked
 * not to be contacted), and an import never clears Do Not Call.
 */
export const IMPORT_MATCH_MODES = ['fill', 'overwrite'] as const;
export const importMatchModeSchema = z.enum(IMPORT_MATCH_MODES, 'must be fill or overwrite');
export type ImportMatchMode = z.infer<typeof importMatchModeSchema>;

/** JSON text (a multipart field or a query parameter) holding a mapping. */
const mappingJsonSchema = z
  .string()
  .max(100_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON: an object of header → lead field or "ignore"' });
      return z.NEVER;
    }
  })
  .pipe(importMappingSchema);

/**
 * POST /api/leads/import and /api/leads/import/preview: `dryRun=true` reads and decides
 * every row without writing anything; `dedupe` picks the identity rule; `onMatch` what a
 * row does to the stored lead it matches; `mapping` (JSON) may come here or as the
 * multipart field of that name.
 */
export const importOptionsSchema = z.object({
  dryRun: z
    .enum(['true', 'false'], 'must be true or false')
    .optional()
    .transform((value) => value === 'true'),
  dedupe: dedupeRuleSchema.default('both'),
  onMatch: importMatchModeSchema.default('fill'),
  mapping: mappingJsonSchema.optional(),
});
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;
export type ImportOptions = z.output<typeof importOptionsSchema>;
