import { describe, expect, it } from 'vitest';
import { outboundCallRequestSchema } from './outbound-call-request';

describe('outboundCallRequestSchema', () => {
  it('calls a lead, or a number with an optional name', () => {
    expect(outboundCallRequestSchema.parse({ leadId: 'lead-1' })).toEqual({ leadId: 'lead-1' });
    expect(outboundCallRequestSchema.parse({ phone: ' +91 98765 43210 ', name: 'Asha' })).toEqual({ phone: '+91 98765 43210', name: 'Asha' });
  });

  it('refuses both, or neither, under leadId', () => {
    for (const input of [{}, { leadId: 'lead-1', phone: '+919876543210' }]) {
      expect(outboundCallRequestSchema.safeParse(input).error?.issues).toMatchObject([
        { path: ['leadId'], message: 'send either leadId, or phone (with an optional name)' },
      ]);
    }
  });
});
