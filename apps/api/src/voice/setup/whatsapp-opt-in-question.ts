/**
 * The question the agent asks before closing a call (or a chat), word for word: the prompt
 * carries it, and a WhatsApp opt-in given in answer keeps it as its wording.
 */
export const WHATSAPP_OPT_IN_QUESTION = 'May we also send you property details and site visit reminders on WhatsApp, on this number? You can reply STOP at any time.';
