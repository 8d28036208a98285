import { LoaderCircle, Phone, PhoneOff, RotateCcw, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { hasRepeatedFailures, isCallPending, type CallStatus } from '../callMachine';
import { useVoiceCall } from '../useVoiceCall';
import { FAILURE_MESSAGES, LISTENING, PANEL_LABEL, REPEATED_FAILURES_MESSAGE, STATUS_TEXTS, VOLUME_LABEL } from './voiceCallTexts';
import './VoiceCallButton.css';

const ICONS: Record<CallStatus, LucideIcon> = {
  idle: Phone,
  connecting: LoaderCircle,
  connected: PhoneOff,
  ending: LoaderCircle,
  error: RotateCcw,
};

const VOLUME_BARS = 5;

/** Starts the voice conversation, shows its progress, and ends it when tapped during the call. */
export function VoiceCallButton() {
  const { state, start, stop } = useVoiceCall();
  const { status, failure, volume } = state;
  const texts = STATUS_TEXTS[status];
  const Icon = ICONS[status];
  const pending = isCallPending(status);
  const live = status === 'connected';
  const badgeId = useId();

  const onClick = () => {
    // aria-disabled rather than disabled keeps keyboard focus on the button while a start or stop runs.
    if (pending) return;
    void (live ? stop() : start());
  };

  return (
    <div className={`voice-call voice-call--${status}`} role="group" aria-label={PANEL_LABEL}>
      <button type="button" className="voice-call__button" aria-disabled={pending} aria-describedby={badgeId} onClick={onClick}>
        <Icon aria-hidden className="voice-call__icon" size={28} />
        <span className="voice-call__texts">
          <span className="voice-call__title">{texts.title}</span>
          {/* The space keeps the button's name "Talk to Agent Start conversation", not run together. */}
          {texts.subtitle && (
            <>
              {' '}
              <span className="voice-call__subtitle">{texts.subtitle}</span>
            </>
          )}
        </span>
      </button>
      <p id={badgeId} className="voice-call__badge" role="status">
        {texts.badge}
      </p>
      {live && (
        <div className="voice-call__live">
          <div
            className="voice-call__meter"
            role="meter"
            aria-label={VOLUME_LABEL}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(volume * 100)}
          >
            {Array.from({ length: VOLUME_BARS }, (_, bar) => (
              <span key={bar} className="voice-call__bar" data-active={volume * VOLUME_BARS > bar} />
            ))}
          </div>
          <span>{LISTENING}</span>
        </div>
      )}
      {status === 'error' && failure && (
        <div className="voice-call__error" role="alert">
          <p>{FAILURE_MESSAGES[failure]}</p>
          {hasRepeatedFailures(state) && <p>{REPEATED_FAILURES_MESSAGE}</p>}
        </div>
      )}
    </div>
  );
}
