import type { Lead } from '@lead-desk/contracts';
import { Modal } from '../../../components/Modal';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useLeadDetails } from '../hooks/useLeadDetails';
import { formatBudget } from '../utils/formatBudget';
import { formatDateTime } from '../utils/formatDateTime';
import { CallHistory } from './CallHistory';
import { LEAD_FIELD_TEXT, loanText } from './leadFieldTexts';
import { LeadStatusBadge } from './LeadStatusBadge';

const TEXT = {
  description: 'Everything we know about this lead, and their calls with the agent.',
  qualified: 'Yes',
  unqualified: 'No',
  calls: 'Calls',
  loadingCalls: 'Loading calls…',
  failed: 'Could not load this lead’s calls',
};

/** The details panel: every field of the lead, then its calls with summaries, transcripts and recordings. */
export function LeadDetailsDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  return (
    <Modal onClose={onClose} variant="sheet" title={lead.name} description={TEXT.description}>
      <LeadDetails lead={lead} />
    </Modal>
  );
}

function LeadDetails({ lead: listed }: { lead: Lead }) {
  const details = useLeadDetails(listed._id);
  // The list's copy shows at once; the server's, with the calls, replaces it when it arrives.
  const lead = details.data ?? listed;
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
    <div className="lead-details">
      <LeadStatusBadge qualified={lead.qualified} />
      <dl className="lead-details__fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value === null ? 'lead-card__missing' : undefined}>{value ?? LEAD_FIELD_TEXT.notGiven}</dd>
          </div>
        ))}
      </dl>
      <h3 className="lead-details__heading">{TEXT.calls}</h3>
      {details.isPending && <p role="status">{TEXT.loadingCalls}</p>}
      {details.error && <ErrorNotice title={TEXT.failed} error={details.error} onRetry={() => void details.refetch()} />}
      {details.data && <CallHistory calls={details.data.calls} />}
    </div>
  );
}
