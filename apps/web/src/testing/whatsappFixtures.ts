import type { WhatsappMessage } from '@lead-desk/contracts';

/** A WhatsApp message as the API sends it: by default the person's text on lead-1. */
export function aWhatsappMessage(overrides: Partial<WhatsappMessage> = {}): WhatsappMessage {
  return {
    id: 'wa-1',
    leadId: 'lead-1',
    direction: 'inbound',
    type: 'text',
    text: 'Is the 2BHK still available?',
    template: null,
    sentAt: '2026-11-28T09:00:00.000Z',
    status: 'received',
    statusAt: '2026-11-28T09:00:00.000Z',
    error: null,
    sender: null,
    ...overrides,
  };
}
