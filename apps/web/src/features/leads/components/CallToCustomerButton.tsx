import type { Lead } from '@lead-desk/contracts';
import { PhoneCall } from 'lucide-react';
import { useId } from 'react';
import { useCallBlockedReason } from '../hooks/useCallEligibility';

const TEXT = {
  call: 'Call To Customer',
};

interface CallToCustomerButtonProps {
  lead: Pick<Lead, '_id' | 'phone'>;
  /** The element naming the lead, for screen readers. */
  describedBy?: string;
  onCall: () => void;
}

/** "Call To Customer", disabled with the reason shown beside it while the calling rules forbid the call. */
export function CallToCustomerButton({ lead, describedBy, onCall }: CallToCustomerButtonProps) {
  const reasonId = useId();
  const blockedReason = useCallBlockedReason(lead);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        aria-describedby={[describedBy, blockedReason ? reasonId : undefined].filter(Boolean).join(' ') || undefined}
        disabled={blockedReason !== null}
        onClick={onCall}
      >
        <PhoneCall aria-hidden size={16} />
        {TEXT.call}
      </button>
      {blockedReason && (
        <p id={reasonId} className="call-blocked-reason">
          {blockedReason}
        </p>
      )}
    </>
  );
}
