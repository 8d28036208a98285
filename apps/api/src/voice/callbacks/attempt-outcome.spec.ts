import { attemptOutcome } from './attempt-outcome';

describe('attemptOutcome', () => {
  it.each(['customer-did-not-answer', 'customer-busy', 'voicemail', 'twilio-failed-to-connect-call', 'vonage-rejected'])('%s: not reached, tried again', (reason) => {
    expect(attemptOutcome(reason)).toBe('unanswered');
  });

  it.each(['customer-ended-call', 'assistant-ended-call', 'silence-timed-out', 'exceeded-max-duration', 'assistant-forwarded-call'])('%s: reached', (reason) => {
    expect(attemptOutcome(reason)).toBe('answered');
  });

  it.each(['call.start.error-subscription-insufficient-credits', 'call.start.error-get-assistant', 'call-start-error-neither-assistant-nor-server-set'])(
    '%s: the call never started',
    (reason) => {
      expect(attemptOutcome(reason)).toBe('failed');
    },
  );
});
