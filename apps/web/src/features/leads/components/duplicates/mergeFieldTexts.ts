import type { MergeField, MergePreview } from '@lead-desk/contracts';
import { formatBudget } from '../../utils/formatBudget';
import { LEAD_FIELD_TEXT, loanText } from '../leadFieldTexts';

/** The merge's fields as the dashboard names them, in the preview's order. */
export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  name: LEAD_FIELD_TEXT.name,
  email: LEAD_FIELD_TEXT.email,
  phone: LEAD_FIELD_TEXT.phone,
  location: LEAD_FIELD_TEXT.location,
  qualified: LEAD_FIELD_TEXT.qualified,
  source: LEAD_FIELD_TEXT.source,
  interestedIn: LEAD_FIELD_TEXT.interestedIn,
  budget: LEAD_FIELD_TEXT.budget,
  timeline: LEAD_FIELD_TEXT.timeline,
  loan_needed: LEAD_FIELD_TEXT.loan,
  stage: 'Stage',
  owner: 'Owner',
};

const TEXT = { yes: 'Yes', no: 'No', unassigned: 'Unassigned' };

type FieldValue = MergePreview['fields'][number]['kept'];

/** A field's value in the preview as the lead's details show it (the stage and owner come by name). */
export function mergeValueText(field: MergeField, value: FieldValue): string {
  if (field === 'loan_needed') return loanText(typeof value === 'boolean' ? value : null);
  if (value === null) return field === 'owner' ? TEXT.unassigned : LEAD_FIELD_TEXT.notGiven;
  if (field === 'qualified') return value ? TEXT.yes : TEXT.no;
  if (field === 'budget' && typeof value !== 'boolean') return formatBudget(value) ?? LEAD_FIELD_TEXT.notGiven;
  return String(value);
}
