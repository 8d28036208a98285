import type { Lead } from '@lead-desk/contracts';
import { formatBudget } from '../../utils/formatBudget';
import { formatDateTime } from '../../utils/formatDateTime';
import { LEAD_FIELD_TEXT, loanText } from '../leadFieldTexts';

const TEXT = { qualified: 'Yes', unqualified: 'No' };

/** Every field of the lead as read-only facts; a field not given says so. */
export function LeadFacts({ lead }: { lead: Lead }) {
  const fields: [string, string | null][] = [
    [LEAD_FIELD_TEXT.name, lead.name],
    [LEAD_FIELD_TEXT.phone, lead.phone],
    [LEAD_FIELD_TEXT.email, lead.email],
    [LEAD_FIELD_TEXT.location, lead.location],
    [LEAD_FIELD_TEXT.interestedIn, lead.interestedIn],
    [LEAD_FIELD_TEXT.budget, formatBudget(lead.budget)],
    [LEAD_FIELD_TEXT.timeline, lead.timeline],
    [LEAD_FIELD_TEXT.loan, loanText(lead.loan_needed)],
    [LEAD_FIELD_TEXT.qualified, lead.qualified ? TEXT.qualified : TEXT.unqualified],
    [LEAD_FIELD_TEXT.source, lead.source],
    [LEAD_FIELD_TEXT.created, formatDateTime(lead.createdAt)],
    [LEAD_FIELD_TEXT.updated, formatDateTime(lead.updatedAt)],
  ];
  return (
    <dl className="lead-details__fields">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={value === null ? 'lead-card__missing' : undefined}>{value ?? LEAD_FIELD_TEXT.notGiven}</dd>
        </div>
      ))}
    </dl>
  );
}
