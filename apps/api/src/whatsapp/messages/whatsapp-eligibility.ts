import { OUTSIDE_WINDOW } from './meta-error-reason';

/** How long after the person's last message free text may be sent (WhatsApp's customer service window). */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** What is known about the person to be messaged, at the moment of the send. */
export interface WhatsappTargetFacts {
  hasPhone: boolean;
  doNotCall: boolean;
  doNotCallReason: string | null;
  /** Their number is on the DND scrub list an admin uploaded. */
  onDndList: boolean;
  /** Their consent with purpose "whatsapp": standing, every one withdrawn, or never given. */
  optIn: 'standing' | 'withdrawn' | 'none';
  /** Meta's timestamp of their last message to us; null if they never wrote. */
  lastInboundAt: Date | null;
}

export type WhatsappRefusalCode = 'no_phone' | 'do_not_call' | 'dnd_list' | 'no_opt_in' | 'opt_in_withdrawn' | 'outside_window';

export type WhatsappEligibility = { allowed: true; windowClosesAt: Date | null } | { allowed: false; code: WhatsappRefusalCode; reason: string };

/**
 * Whether a message may go to the person now: the one decision the send (and later the reply
 * box) follows. Reasons about the person (no number, Do Not Call, the scrub list, no opt-in or a
 * withdrawn one) come before the window, because no later time changes them. A template may go
 * anytime with the opt-in; free text only within 24 hours of the person's last message, by Meta's
 * timestamp of it.
 */
export function decideWhatsappEligibility(facts: WhatsappTargetFacts, kind: 'text' | 'template', now: Date): WhatsappEligibility {
  if (!facts.hasPhone) return { allowed: false, code: 'no_phone', reason: 'This lead has no phone number to message on WhatsApp.' };
  if (facts.doNotCall) return { allowed: false, code: 'do_not_call', reason: `This lead is Do Not Call: ${facts.doNotCallReason ?? 'no reason given'}.` };
  if (facts.onDndList) return { allowed: false, code: 'dnd_list', reason: 'This lead is Do Not Call: On the DND scrub list.' };
  if (facts.optIn === 'withdrawn') return { allowed: false, code: 'opt_in_withdrawn', reason: 'This lead withdrew their WhatsApp opt-in (they replied STOP, or staff withdrew it): no message may be sent.' };
  if (facts.optIn === 'none') return { allowed: false, code: 'no_opt_in', reason: 'No WhatsApp opt-in is recorded for this lead: record their consent with purpose "whatsapp" first.' };
  const { open, closesAt: windowClosesAt } = replyWindow(facts.lastInboundAt, now);
  if (kind === 'text' && !open) {
    const last = facts.lastInboundAt ? `the person last wrote at ${facts.lastInboundAt.toISOString()}` : 'the person has not written on WhatsApp';
    return { allowed: false, code: 'outside_window', reason: `${OUTSIDE_WINDOW[0].toUpperCase()}${OUTSIDE_WINDOW.slice(1)} (${last}).` };
  }
  return { allowed: true, windowClosesAt };
}

/** The 24-hour window for free text: open until 24 hours after Meta's timestamp of the person's last message; never open if they never wrote. */
export function replyWindow(lastInboundAt: Date | null, now: Date): { open: boolean; closesAt: Date | null } {
  const closesAt = lastInboundAt ? new Date(lastInboundAt.getTime() + WINDOW_MS) : null;
  return { open: closesAt !== null && closesAt.getTime() > now.getTime(), closesAt };
}
