import { decideWhatsappEligibility, replyWindow, type WhatsappTargetFacts } from './whatsapp-eligibility';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const OPTED_IN: WhatsappTargetFacts = { hasPhone: true, doNotCall: false, doNotCallReason: null, onDndList: false, optIn: 'standing', lastInboundAt: hoursAgo(2) };

describe('decideWhatsappEligibility', () => {
  it('sends free text within 24 hours of the person’s last message, saying when the window closes', () => {
    expect(decideWhatsappEligibility(OPTED_IN, 'text', NOW)).toEqual({ allowed: true, windowClosesAt: new Date('2026-11-29T10:00:00.000Z') });
  });

  it('refuses free text once 24 hours have passed, or when the person never wrote, in the words staff see; a template still goes', () => {
    const closed = { ...OPTED_IN, lastInboundAt: hoursAgo(24) };
    expect(decideWhatsappEligibility(closed, 'text', NOW)).toEqual({ allowed: false, code: 'outside_window', reason: `Outside the 24-hour window: send a template (the person last wrote at ${hoursAgo(24).toISOString()}).` });
    expect(decideWhatsappEligibility({ ...OPTED_IN, lastInboundAt: null }, 'text', NOW)).toMatchObject({ allowed: false, code: 'outside_window', reason: expect.stringContaining('the person has not written on WhatsApp') });
    expect(decideWhatsappEligibility(closed, 'template', NOW)).toEqual({ allowed: true, windowClosesAt: new Date('2026-11-28T12:00:00.000Z') });
    expect(decideWhatsappEligibility({ ...OPTED_IN, lastInboundAt: null }, 'template', NOW)).toEqual({ allowed: true, windowClosesAt: null });
  });

  it('sends nothing without an opt-in, after it is withdrawn, or to a Do Not Call lead, even inside the window', () => {
    expect(decideWhatsappEligibility({ ...OPTED_IN, optIn: 'none' }, 'template', NOW)).toMatchObject({ allowed: false, code: 'no_opt_in' });
    expect(decideWhatsappEligibility({ ...OPTED_IN, optIn: 'withdrawn' }, 'text', NOW)).toMatchObject({ allowed: false, code: 'opt_in_withdrawn' });
    expect(decideWhatsappEligibility({ ...OPTED_IN, doNotCall: true, doNotCallReason: 'Asked on a call' }, 'template', NOW)).toEqual({ allowed: false, code: 'do_not_call', reason: 'This lead is Do Not Call: Asked on a call.' });
    expect(decideWhatsappEligibility({ ...OPTED_IN, onDndList: true }, 'template', NOW)).toMatchObject({ allowed: false, code: 'dnd_list' });
  });

  it('gives the permanent reason before the temporary one', () => {
    expect(decideWhatsappEligibility({ ...OPTED_IN, doNotCall: true, optIn: 'none', lastInboundAt: null }, 'text', NOW)).toMatchObject({ code: 'do_not_call' });
    expect(decideWhatsappEligibility({ ...OPTED_IN, optIn: 'withdrawn', lastInboundAt: null }, 'text', NOW)).toMatchObject({ code: 'opt_in_withdrawn' });
    expect(decideWhatsappEligibility({ ...OPTED_IN, hasPhone: false }, 'template', NOW)).toMatchObject({ code: 'no_phone' });
  });
});

describe('replyWindow', () => {
  it('is open until exactly 24 hours after the person’s last message, and never before they wrote', () => {
    expect(replyWindow(hoursAgo(23), NOW)).toEqual({ open: true, closesAt: new Date('2026-11-28T13:00:00.000Z') });
    expect(replyWindow(new Date(NOW.getTime() - 24 * 3_600_000 + 1), NOW)).toEqual({ open: true, closesAt: new Date(NOW.getTime() + 1) });
    expect(replyWindow(hoursAgo(24), NOW)).toEqual({ open: false, closesAt: NOW });
    expect(replyWindow(null, NOW)).toEqual({ open: false, closesAt: null });
  });
});
