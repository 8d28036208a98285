import type { DuplicateLead, DuplicatePair } from '@lead-desk/contracts';
import { GitMerge, UserX } from 'lucide-react';
import { formatDateTime } from '../../utils/formatDateTime';
import { DUPLICATE_REASON_TEXT } from '../duplicateReasonTexts';
import { LEAD_FIELD_TEXT } from '../leadFieldTexts';

const TEXT = {
  label: (pair: DuplicatePair) => `${pair.lead.name} and ${pair.other.name}`,
  reason: (pair: DuplicatePair) => `Possible duplicate: ${DUPLICATE_REASON_TEXT[pair.reason]}`,
  found: 'found',
  thisLead: 'This lead',
  archived: 'Archived',
  open: (name: string) => `Open ${name}`,
  dismiss: 'Not the same person',
  dismissing: 'Saving…',
  merge: 'Merge…',
};

/** Where a pair's card is, for the timeline entry that names it. */
export const pairElementId = (pairId: string) => `duplicate-pair-${pairId}`;

interface DuplicatePairCardProps {
  pair: DuplicatePair;
  /** The lead whose details show the pair: marked, and not offered to open again. */
  currentLeadId?: string;
  dismissing: boolean;
  onOpen: (lead: DuplicateLead) => void;
  onDismiss: () => void;
  onMerge: () => void;
}

/** Two leads that may be one person side by side, why, and what to do about it. */
export function DuplicatePairCard({ pair, currentLeadId, dismissing, onOpen, onDismiss, onMerge }: DuplicatePairCardProps) {
  return (
    <article id={pairElementId(pair.id)} tabIndex={-1} className="duplicate-pair" aria-label={TEXT.label(pair)}>
      <p className="duplicate-pair__reason">
        <strong>{TEXT.reason(pair)}</strong> · {TEXT.found} <time dateTime={pair.detectedAt}>{formatDateTime(pair.detectedAt)}</time>
      </p>
      <div className="duplicate-pair__leads">
        {[pair.other, pair.lead].map((lead) => (
          <PairLead key={lead._id} lead={lead} current={lead._id === currentLeadId} onOpen={() => onOpen(lead)} />
        ))}
      </div>
      <div className="duplicate-pair__actions">
        <button type="button" className="button button--secondary" aria-disabled={dismissing || undefined} onClick={() => !dismissing && onDismiss()}>
          <UserX aria-hidden size={16} />
          {dismissing ? TEXT.dismissing : TEXT.dismiss}
        </button>
        <button type="button" className="button button--primary" onClick={onMerge}>
          <GitMerge aria-hidden size={16} />
          {TEXT.merge}
        </button>
      </div>
    </article>
  );
}

function PairLead({ lead, current, onOpen }: { lead: DuplicateLead; current: boolean; onOpen: () => void }) {
  const facts: [string, string | null][] = [
    [LEAD_FIELD_TEXT.phone, lead.phone],
    [LEAD_FIELD_TEXT.email, lead.email],
    [LEAD_FIELD_TEXT.location, lead.location],
    [LEAD_FIELD_TEXT.source, lead.source],
    [LEAD_FIELD_TEXT.created, formatDateTime(lead.createdAt)],
  ];
  return (
    <div className="duplicate-pair__lead" data-current={current || undefined}>
      <p className="duplicate-pair__name">
        {lead.name}
        {current && <span className="badge badge--qualified">{TEXT.thisLead}</span>}
        {lead.archived && <span className="badge badge--unqualified">{TEXT.archived}</span>}
      </p>
      <dl className="duplicate-pair__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value === null ? 'lead-card__missing' : undefined}>{value ?? LEAD_FIELD_TEXT.notGiven}</dd>
          </div>
        ))}
      </dl>
      {!current && (
        <button type="button" className="button button--secondary" onClick={onOpen}>
          {TEXT.open(lead.name)}
        </button>
      )}
    </div>
  );
}
