import { z } from 'zod';
import { importSummarySchema } from './import-summary';
import { importFileReadingSchema, KNOWN_IMPORT_EXPORTS } from './import-file-reading';
import { dedupeRuleSchema, importMatchModeSchema, importTargetSchema } from './import-options';
import { duplicateReasonSchema } from './lead-duplicates';

/** How many of the file's rows a preview shows, read as the import will read them. */
export const IMPORT_PREVIEW_ROWS = 20;

/** How many of the rows that match a stored lead, and of the rows flagged as possible duplicates, a preview lists (their counts are the outcome's, exact). */
export const IMPORT_PREVIEW_MATCHES = 50;

/** How many of a column's first filled cells the preview shows beside it. */
export const IMPORT_PREVIEW_SAMPLE_VALUES = 3;

/** Why a column is suggested as it is: a recognised export's layout, its header (another CRM's synonyms included), or its values (mostly phone numbers, emails or amounts). */
export const IMPORT_SUGGESTION_REASONS = ['export', 'header', 'values'] as const;
export type ImportSuggestionReason = (typeof IMPORT_SUGGESTION_REASONS)[number];

/** One column of the file: its header, what the file suggests for it, where its cells go with the mapping sent, and its first values. */
export const importPreviewColumnSchema = z.object({
  header: z.string(),
  /** What the file suggests for the column; `ignore` for one nothing identifies. An import without a mapping reads each column so. */
  suggested: importTargetSchema,
  /** What the suggestion comes from; null when nothing identifies the column. */
  suggestedFrom: z.enum(IMPORT_SUGGESTION_REASONS).nullable(),
  /** Null for a column neither the mapping nor the file identifies: each row reports it ("is not a known column") until it is mapped or ignored. */
  mapped: importTargetSchema.nullable(),
  /** The column's first filled cells (at most IMPORT_PREVIEW_SAMPLE_VALUES), as the file writes them. */
  sample: z.array(z.string()),
});
export type ImportPreviewColumn = z.infer<typeof importPreviewColumnSchema>;

/** One cell as it will be read: the value after parsing (an amount in rupees, a date, a stage's name…), or why it cannot be. */
export const importPreviewCellSchema = z.object({
  text: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
  error: z.string().optional(),
});
export type ImportPreviewCell = z.infer<typeof importPreviewCellSchema>;

/**
 * What a row may change of the lead it matches: the lead's own fields (as its JSON names
 * them), where it stands in the pipeline (stage and owner by name, lost reason, tags), its
 * consent (true while one stands, false when every one is withdrawn, null when it never gave
 * one: as leads.csv writes it), Do Not Call, and its WhatsApp opt-in (true, false, null alike).
 */
export const IMPORT_CHANGE_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'qualified',
  'source',
  'interestedIn',
  'budget',
  'timeline',
  'loan_needed',
  'stage',
  'lostReason',
  'owner',
  'tags',
  'consent',
  'doNotCall',
  'whatsappOptIn',
] as const;
export type ImportChangeField = (typeof IMPORT_CHANGE_FIELDS)[number];

/**
 * What becomes of one field the row gives that differs from the lead's: `filled` (the lead
 * lacked it, or only gains tags), `overwritten` (its value is replaced; with onMatch
 * `overwrite`, or a consent withdrawn, Do Not Call set) or `kept` (the lead keeps its value:
 * `to` is the row's, which onMatch `overwrite` would write).
 */
export const IMPORT_CHANGE_OUTCOMES = ['filled', 'overwritten', 'kept'] as const;
export type ImportChangeOutcome = (typeof IMPORT_CHANGE_OUTCOMES)[number];

const changeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const importFieldChangeSchema = z.object({
  field: z.enum(IMPORT_CHANGE_FIELDS),
  from: changeValueSchema,
  to: changeValueSchema,
  outcome: z.enum(IMPORT_CHANGE_OUTCOMES),
});
export type ImportFieldChange = z.infer<typeof importFieldChangeSchema>;

/** The lead a row meets, as it is before the row: a stored lead (its id), or one an earlier row of the file creates (that row's line). */
export const importPreviewLeadSchema = z.union([
  z.object({ id: z.string(), name: z.string(), createdAtLine: z.null() }),
  /** A lead the file creates: no id yet, the line of the row that creates it. */
  z.object({ id: z.null(), name: z.string(), createdAtLine: z.number().int() }),
]);
export type ImportPreviewLead = z.infer<typeof importPreviewLeadSchema>;

/** A row that is the same person as a lead: the lead it would touch, and each field it gives that differs (written or kept). */
export const importPreviewMatchSchema = z.object({
  line: z.number().int(),
  lead: importPreviewLeadSchema,
  changes: z.array(importFieldChangeSchema),
});
export type ImportPreviewMatch = z.infer<typeof importPreviewMatchSchema>;

/** A row with another name over a lead's phone or email: a new lead, flagged as a possible duplicate of that one. */
export const importPreviewDuplicateSchema = z.object({
  line: z.number().int(),
  /** The row's name. */
  name: z.string(),
  lead: importPreviewLeadSchema,
  reason: duplicateReasonSchema,
});
export type ImportPreviewDuplicate = z.infer<typeof importPreviewDuplicateSchema>;

/** POST /api/leads/import/preview: the file's columns, its first rows read, and what importing it would do (a dry run). */
export const importPreviewSchema = z.object({
  /** How the file was read: a CSV's encoding and separator, or an Excel workbook. */
  file: importFileReadingSchema,
  /** The tool whose export the file is, recognised by its headers (its columns then need no mapping); null for any other file. */
  knownExport: z.enum(KNOWN_IMPORT_EXPORTS).nullable(),
  columns: z.array(importPreviewColumnSchema),
  /** The first rows, each with one cell per column, in the columns' order. */
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(importPreviewCellSchema) })),
  dedupe: dedupeRuleSchema,
  onMatch: importMatchModeSchema,
  outcome: importSummarySchema,
  /** The first IMPORT_PREVIEW_MATCHES of the rows `outcome.updated` counts, in the file's order. */
  matches: z.array(importPreviewMatchSchema),
  /** The first IMPORT_PREVIEW_MATCHES of the rows `outcome.possibleDuplicates` counts, in the file's order. */
  duplicates: z.array(importPreviewDuplicateSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
