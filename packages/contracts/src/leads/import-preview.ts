import { z } from 'zod';
import { importSummarySchema } from './import-summary';
import { importFileReadingSchema } from './import-file-reading';
import { dedupeRuleSchema, importTargetSchema } from './import-options';

/** How many of the file's rows a preview shows, read as the import will read them. */
export const IMPORT_PREVIEW_ROWS = 20;

/** One column of the file: its header, what its header suggests, and where its cells go with the mapping sent. */
export const importPreviewColumnSchema = z.object({
  header: z.string(),
  /** What the header names by itself (another CRM's synonyms included); `ignore` for a header we do not know. */
  suggested: importTargetSchema,
  /** Null for a column neither the mapping nor the header names: each row reports it ("is not a known column") until it is mapped or ignored. */
  mapped: importTargetSchema.nullable(),
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
  columns: z.array(importPreviewColumnSchema),
  /** The first rows, each with one cell per column, in the columns' order. */
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(importPreviewCellSchema) })),
  dedupe: dedupeRuleSchema,
  outcome: importSummarySchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
