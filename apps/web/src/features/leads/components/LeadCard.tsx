import type { Lead } from '@lead-desk/contracts';
import { CalendarClock, Eye, Home, IndianRupee, Landmark, Mail, MapPin, Phone, Timer, type LucideIcon } from 'lucide-react';
import { memo, useId } from 'react';
import { formatBudget } from '../utils/formatBudget';
import { formatDateTime } from '../utils/formatDateTime';
import { CallToCustomerButton } from './CallToCustomerButton';
import { LEAD_FIELD_TEXT, loanText } from './leadFieldTexts';
import { LeadStatusBadge } from './LeadStatusBadge';
import { TagChips } from '../../../components/TagChips';

const TEXT = {
  details: 'View Details',
  select: (name: string) => `Select ${name}`,
  previouslyErased: 'Previously erased: this person asked to be erased before',
};

interface LeadCardProps {
  lead: Lead;
  /** Just arrived or changed: marked for a moment. */
  highlighted?: boolean;
  onCall: (lead: Lead) => void;
  onViewDetails: (lead: Lead) => void;
  /** Bulk selection: the card's checkbox shows only when this is given. */
  onToggleSelected?: (id: string) => void;
  selected?: boolean;
  /** Every lead matching the filter is selected: one card cannot be left out. */
  selectionLocked?: boolean;
}

/** One lead at a glance, with the two things staff do next: call, or read everything. */
export const LeadCard = memo(function LeadCard({ lead, highlighted = false, onCall, onViewDetails, onToggleSelected, selected = false, selectionLocked = false }: LeadCardProps) {
  const nameId = useId();
  const fields: [LucideIcon, string, string | null][] = [
    [Phone, LEAD_FIELD_TEXT.phone, lead.phone],
    [Mail, LEAD_FIELD_TEXT.email, lead.email],
    [MapPin, LEAD_FIELD_TEXT.location, lead.location],
    [Home, LEAD_FIELD_TEXT.interestedIn, lead.interestedIn],
    [IndianRupee, LEAD_FIELD_TEXT.budget, formatBudget(lead.budget)],
    [Timer, LEAD_FIELD_TEXT.timeline, lead.timeline],
    [Landmark, LEAD_FIELD_TEXT.loan, loanText(lead.loan_needed)],
    [CalendarClock, LEAD_FIELD_TEXT.created, formatDateTime(lead.createdAt)],
  ];
  return (
    <article className="lead-card" data-testid="lead-card" data-highlighted={highlighted || undefined} data-selected={selected || undefined} aria-labelledby={nameId}>
      <div className="lead-card__header">
        {onToggleSelected && (
          <input
            type="checkbox"
            className="lead-card__select"
            aria-label={TEXT.select(lead.name)}
            checked={selected}
            disabled={selectionLocked}
            onChange={() => onToggleSelected(lead._id)}
          />
        )}
        <div className="lead-card__title">
          <h5 id={nameId} className="lead-card__name">
            {lead.name}
          </h5>
          <p className="lead-card__source">
            <span className="visually-hidden">{LEAD_FIELD_TEXT.source}: </span>
            {lead.source}
          </p>
          {lead.previouslyErased && (
            <p className="form-error" role="note">
              {TEXT.previouslyErased}
            </p>
          )}
        </div>
        <LeadStatusBadge qualified={lead.qualified} />
      </div>
      <dl className="lead-card__fields">
        {fields.map(([Icon, label, value]) => (
          <div key={label} className="lead-card__field">
            <dt>
              <Icon aria-hidden size={15} />
              {label}
            </dt>
            <dd className={value === null ? 'lead-card__missing' : undefined}>{value ?? LEAD_FIELD_TEXT.notGiven}</dd>
          </div>
        ))}
      </dl>
      <TagChips tags={lead.tags} />
      <div className="lead-card__actions">
        <CallToCustomerButton lead={lead} describedBy={nameId} onCall={() => onCall(lead)} />
        <button type="button" className="button button--secondary" aria-describedby={nameId} onClick={() => onViewDetails(lead)}>
          <Eye aria-hidden size={16} />
          {TEXT.details}
        </button>
      </div>
    </article>
  );
});
