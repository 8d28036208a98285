/** A Cloud API error as a failed status or an error answer gives it. */
export interface MetaMessageError {
  code?: number;
  title?: string;
  message?: string;
  details?: string;
}

/** The 24-hour window's error: a free-form message more than 24 hours after the person last wrote. */
export const REENGAGEMENT_ERROR = 131047;
/** The template is not in WhatsApp Manager in that language, or not approved. */
export const UNKNOWN_TEMPLATE_ERROR = 132001;
/** Meta's limits: the number's throughput, and messages to one person in a short time (a pair's). */
export const RATE_LIMIT_ERRORS: ReadonlySet<number> = new Set([130429, 131056]);

/** The window's reason in the words staff see before a send (409) and after Meta's refusal. */
export const OUTSIDE_WINDOW = 'outside the 24-hour window: send a template';

/** What the codes Lead Desk acts on mean, in staff's words; any other code is Meta's own words. */
const WORDS: Record<number, string> = {
  [REENGAGEMENT_ERROR]: OUTSIDE_WINDOW,
  [UNKNOWN_TEMPLATE_ERROR]: 'the template does not exist in WhatsApp Manager in this language (or is not approved)',
  130429: "Meta's throughput limit for the number was reached",
  131056: 'too many messages to this person in a short time',
  131026: 'the message could not be delivered (the number may not be on WhatsApp)',
};

/** A failure in words: ours for the codes above, then Meta's own details and its code. */
export function reasonOf(error: MetaMessageError): string {
  const meta = error.details ?? error.message ?? error.title ?? 'no reason given';
  const ours = error.code !== undefined ? WORDS[error.code] : undefined;
  const code = error.code !== undefined ? ` (code ${error.code})` : '';
  return ours ? `${ours[0].toUpperCase()}${ours.slice(1)}. Meta: ${meta}${code}` : `Meta: ${meta}${code}`;
}
