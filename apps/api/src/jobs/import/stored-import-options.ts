import { dedupeRuleSchema, importMappingSchema, type ImportOptions } from '@lead-desk/contracts';
import { z } from 'zod';

/** An import job's options as job_files keeps them: the dedupe rule and the mapping (a job is never a dry run). */
const storedImportOptionsSchema = z.object({ dedupe: dedupeRuleSchema, mapping: importMappingSchema.optional() });

export function storeImportOptions({ dedupe, mapping }: ImportOptions): string {
  return JSON.stringify({ dedupe, mapping });
}

export function readStoredImportOptions(text: string): ImportOptions {
  return { ...storedImportOptionsSchema.parse(JSON.parse(text)), dryRun: false };
}
