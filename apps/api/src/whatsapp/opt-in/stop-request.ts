/**
 * Whole messages that withdraw the person's WhatsApp opt-in, in English, Hindi and Hindi typed in
 * Latin letters, as they arrive once normalised (below). Only a message that is nothing but one of
 * them counts: "stop by the site tomorrow?" is a question, not a withdrawal. The README lists them.
 */
export const STOP_REQUESTS: readonly string[] = [
  'stop',
  'stop all',
  'stop promotions',
  'unsubscribe',
  'opt out',
  'optout',
  'बंद',
  'बंद करो',
  'बंद करें',
  'बंद कर दो',
  'रोकें',
  'रोको',
  'मत भेजो',
  'मैसेज मत भेजो',
  'band',
  'band karo',
  'band karein',
  'band kar do',
  'roko',
  'mat bhejo',
  'message mat bhejo',
  'msg mat bhejo',
];

const KNOWN = new Set(STOP_REQUESTS);

/** Case, punctuation, emoji and spacing aside (Devanagari's vowel signs kept): "STOP!!", " Stop 🙏" and "बंद करो।" read as their words. */
export function normalisedRequest(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the person's message asks for no more WhatsApp messages. */
export function isStopRequest(text: string | null): boolean {
  return text !== null && KNOWN.has(normalisedRequest(text));
}
