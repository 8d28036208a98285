import { LoaderCircle, Phone, PhoneCall, PhoneOff, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Modal } from '../../../components/Modal';
import { canStartCall, type CallTarget, type OutboundCallState, type OutboundCallStatus } from '../outboundCallMachine';
import { formatDuration } from '../utils/formatDateTime';

const TEXT = {
  title: (name: string) => `Call ${name}`,
  description: 'The AI agent phones the customer from your voice number.',
  phases: {
    idle: 'Ready to call',
    'no-phone': 'Cannot call',
    dialing: 'Dialing',
    'in-progress': 'In progress',
    ended: 'Call ended',
    error: 'Call failed',
  } satisfies Record<OutboundCallStatus, string>,
  willCall: (phone: string) => `The agent will call ${phone}.`,
  noPhone: 'No phone number found.',
  placing: 'Placing the call…',
  dialing: (number: string) => `Dialing ${number}…`,
  inProgress: (number: string) => `Talking with ${number}.`,
  endedReason: (reason: string) => `Ended reason: ${reason}`,
  duration: (seconds: number) => `Duration: ${formatDuration(seconds)}`,
  start: 'Start Call',
  again: 'Call Again',
  retry: 'Try Again',
  cancel: 'Cancel',
};

const ICONS: Record<OutboundCallStatus, LucideIcon> = {
  idle: Phone,
  'no-phone': PhoneOff,
  dialing: LoaderCircle,
  'in-progress': PhoneCall,
  ended: PhoneOff,
  error: TriangleAlert,
};

interface OutboundCallDialogProps {
  /** A state with a target: the dialog is shown while someone is (about to be) called. */
  state: OutboundCallState & { target: CallTarget };
  onStart: () => void;
  onCancel: () => void;
}

/** "Call To Customer": confirm, then follow the call from dialing to its end, as the voice platform reports it; a lead without a phone is told so at once. */
export function OutboundCallDialog({ state, onStart, onCancel }: OutboundCallDialogProps) {
  const { target, status } = state;
  const Icon = ICONS[status];
  const startLabel = status === 'error' ? TEXT.retry : status === 'ended' ? TEXT.again : TEXT.start;
  return (
    <Modal onClose={onCancel} title={TEXT.title(target.name)} description={TEXT.description}>
      <div className={`outbound-call outbound-call--${status}`} data-status={status}>
        <p className="outbound-call__phase" role="status">
          <Icon aria-hidden size={20} className="outbound-call__icon" />
          <span>{TEXT.phases[status]}</span>
        </p>
        <CallProgress state={state} />
        {(status === 'error' || status === 'no-phone') && (
          <p className="form-error" role="alert">
            {status === 'no-phone' ? TEXT.noPhone : state.error}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {TEXT.cancel}
          </button>
          {canStartCall(status) && (
            <button type="button" className="button button--primary" onClick={onStart}>
              <PhoneCall aria-hidden size={18} />
              {startLabel}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

function CallProgress({ state }: { state: OutboundCallState }) {
  const { status, number, target, endedReason, durationSeconds } = state;
  switch (status) {
    case 'idle':
      return <p>{TEXT.willCall(target?.phone ?? '')}</p>;
    case 'dialing':
      return <p className="outbound-call__number">{number ? TEXT.dialing(number) : TEXT.placing}</p>;
    case 'in-progress':
      return <p className="outbound-call__number">{TEXT.inProgress(number ?? '')}</p>;
    case 'ended':
      return (
        <ul className="outbound-call__facts">
          {endedReason && <li>{TEXT.endedReason(endedReason)}</li>}
          {durationSeconds !== null && <li>{TEXT.duration(durationSeconds)}</li>}
        </ul>
      );
    case 'no-phone':
    case 'error':
      return null;
  }
}
