import type { MergeField, MergePreview } from '@lead-desk/contracts';
import { fieldValueText, LEAD_JSON_FIELD_TEXT, loanText } from '../leadFieldTexts';

/** The merge's fields as the dashboard names them, in the preview's order. */
export const MERGE_FIELD_LABELS: Record<MergeField, string> = { ...LEAD_JSON_FIELD_TEXT, stage: 'Stage', owner: 'Owner' };

const TEXT = { unassigned: 'Unassigned' };

type FieldValue = MergePreview['fields'][number]['kept'];

/** A field's value in the preview as the lead's details show it (the stage and owner come by name). */
export function mergeValueText(field: MergeField, value: FieldValue): string {
  if (field === 'loan_needed') return loanText(typeof value === 'boolean' ? value : null);
  if (value === null && field === 'owner') return TEXT.unassigned;
  return fieldValueText(field, value);
}
