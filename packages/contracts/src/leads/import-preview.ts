import { z } from 'zod';
import { importSummarySchema } from './import-summary';
import { importFileReadingSchema, KNOWN_IMPORT_EXPORTS } from './import-file-reading';
import { dedupeRuleSchema, importTargetSchema } from './import-options';

/** How many of the file's rows a preview shows, read as the import will read them. */
export const IMPORT_PREVIEW_ROWS = 20;

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
  outcome: importSummarySchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
