/** The one message a person who replied STOP may still get: its words, and the key that sends it once per STOP. */
export const OPT_OUT_CONFIRMATION = 'Done: you will get no more WhatsApp messages from us. If you change your mind, tell our team and they will start again.';

const PREFIX = 'opt-out-confirmation:';

/** The confirmation's event key: once per STOP message. */
export function optOutConfirmationKey(inboundMessageId: string): string {
  return `${PREFIX}${inboundMessageId}`;
}

export function isOptOutConfirmation(eventKey: string | null): boolean {
  return eventKey?.startsWith(PREFIX) ?? false;
}
