import { dedupeRuleSchema, importMappingSchema, importMatchModeSchema, type ImportOptions } from '@lead-desk/contracts';
import { z } from 'zod';

/**
 * An import job's options as job_files keeps them: the dedupe rule, what a row does to the
 * lead it matches, and the mapping (a job is never a dry run). A job stored before onMatch
 * existed fills only: its preview never showed what an overwrite would change.
 */
const storedImportOptionsSchema = z.object({ dedupe: dedupeRuleSchema, onMatch: importMatchModeSchema.default('fill'), mapping: importMappingSchema.optional() });

export function storeImportOptions({ dedupe, onMatch, mapping }: ImportOptions): string {
  // As a JSON object again: Object.fromEntries keeps a `__proto__` header as a key of its own.
  return JSON.stringify({ dedupe, onMatch, mapping: mapping && Object.fromEntries(mapping) });
}

export function readStoredImportOptions(text: string): ImportOptions {
  return { ...storedImportOptionsSchema.parse(JSON.parse(text)), dryRun: false };
}
