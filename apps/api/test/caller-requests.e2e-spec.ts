import { DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE, type LeadConsent } from '@lead-desk/contracts';
import { vapiHmacHeaders } from '@lead-desk/test-support';
import { Database } from '../src/database/database';
import { WHATSAPP_OPT_IN_QUESTION } from '../src/voice/setup/whatsapp-opt-in-question';
import { structuredOutputsReport } from './fixtures/vapi-messages';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

type Report = ReturnType<typeof structuredOutputsReport>;

/** The report with the caller's turns as Vapi's artifact.messages carries them. */
function saying(report: Report, lines: string[]): Report {
  report.message.artifact!.messages = lines.map((message, index) => ({ role: 'user', message, time: index, endTime: index + 1, secondsFromStart: index }));
  return report;
}

describe.each(PROVIDERS)('consent and Do Not Call from a call on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  const post = (report: Report) => testApp.http.post('/api/webhooks/vapi').send(report).expect(200);
  const leadByPhone = async (phone: string) => (await testApp.app.get(Database).client.lead.findFirstOrThrow({ where: { phone } })).id;
  const callId = async (vapiCallId: string) => (await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId } })).id;
  const timeline = async (leadId: string) =>
    ((await testApp.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; actor: unknown; data: object }[]).filter(({ type }) =>
      ['consent_given', 'consent_withdrawn', 'do_not_call_changed'].includes(type),
    );

  it('records consent given on a call once, with the call and the caller’s own lines as evidence', async () => {
    const report = saying(structuredOutputsReport('call-consent-1', '+919811100001', { name: 'Kavya Rao', consentToContact: true }), [
      'I want a 2 BHK in Whitefield.',
      'Yes, you can call me tomorrow about it.',
    ]);
    await post(report);
    await post(report); // Vapi delivers again: still one consent
    const leadId = await leadByPhone('+919811100001');
    const consents = (await testApp.http.get(`/api/leads/${leadId}/consents`).expect(200)).body;
    expect(consents).toEqual([
      {
        id: expect.any(String),
        leadId,
        channel: 'voice_call',
        purpose: 'Calls about properties that match their enquiry',
        wording: 'Yes, you can call me tomorrow about it.',
        givenAt: expect.any(String),
        evidence: { kind: 'voice_call', callId: await callId('call-consent-1'), vapiCallId: 'call-consent-1', transcriptLines: ['Yes, you can call me tomorrow about it.'] },
        withdrawnAt: null,
        withdrawnVia: null,
        withdrawnEvidence: null,
      },
    ]);
    expect(await timeline(leadId)).toEqual([expect.objectContaining({ type: 'consent_given', actor: null, data: { consentId: consents[0].id, channel: 'voice_call', purpose: consents[0].purpose } })]);
    expect((await testApp.http.get(`/api/leads/${leadId}`).expect(200)).body).toMatchObject({ doNotCall: false });
  });

  it('a later call asking not to be called makes the lead Do Not Call and withdraws the consent, in the webhook’s transaction', async () => {
    await post(saying(structuredOutputsReport('call-dnc-1', '+919811100002', { name: 'Imran Shaikh', consentToContact: 'yes' }), ['Sure, call me.']));
    const leadId = await leadByPhone('+919811100002');
    // An output named after the request itself, beside the lead output, as an assistant may have it.
    const second = saying(structuredOutputsReport('call-dnc-2', '+919811100002', { name: 'Imran Shaikh' }, { 'dnc-output': { name: 'doNotCall', result: true } }), [
      'Who is this?',
      'Please don’t call me again, remove my number.',
    ]);
    await post(second);
    await post(second);

    const lead = (await testApp.http.get(`/api/leads/${leadId}`).expect(200)).body;
    expect(lead).toMatchObject({ doNotCall: true, doNotCallReason: 'Asked on a call' });
    const [consent] = (await testApp.http.get(`/api/leads/${leadId}/consents`).expect(200)).body;
    expect(consent).toMatchObject({
      withdrawnVia: 'voice_call',
      withdrawnAt: expect.any(String),
      withdrawnEvidence: { kind: 'voice_call', vapiCallId: 'call-dnc-2', transcriptLines: ['Please don’t call me again, remove my number.'] },
    });
    expect((await timeline(leadId)).map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'do_not_call_changed', data: { doNotCall: true, reason: 'Asked on a call' } },
      { type: 'consent_withdrawn', data: { consentId: consent.id, via: 'voice_call' } },
      { type: 'consent_given', data: expect.objectContaining({ consentId: consent.id }) },
    ]);
    expect((await testApp.http.get(`/api/leads/${leadId}/call-eligibility`).expect(200)).body).toMatchObject({ allowed: false, code: 'do_not_call', reason: 'This lead is Do Not Call: Asked on a call.' });
  });

  it('a report that does not mention either changes nothing', async () => {
    await post(structuredOutputsReport('call-plain-1', '+919811100003', { name: 'Plain Pooja' }));
    const leadId = await leadByPhone('+919811100003');
    expect((await testApp.http.get(`/api/leads/${leadId}/consents`).expect(200)).body).toEqual([]);
    expect(await timeline(leadId)).toEqual([]);
  });
});

const HMAC_SECRET = 'whatsapp-opt-in-hmac-secret';

describe.each(PROVIDERS)('a WhatsApp opt-in asked on a call, delivered signed as Vapi signs, on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET });
  });
  afterAll(() => testApp.close());

  /** One delivery, signed now: a report sent again is a new delivery of the same call. */
  const deliver = async (report: Report) => {
    const bytes = JSON.stringify(report);
    const response = await testApp.http.post('/api/webhooks/vapi').set({ 'Content-Type': 'application/json', ...vapiHmacHeaders(bytes, { secretKey: HMAC_SECRET }) }).send(bytes);
    expect([response.status, response.body]).toEqual([200, { received: true, stored: true, processed: true }]);
  };
  const leadByPhone = async (phone: string) => (await testApp.app.get(Database).client.lead.findFirstOrThrow({ where: { phone } })).id;
  const callId = async (vapiCallId: string) => (await testApp.app.get(Database).client.call.findUniqueOrThrow({ where: { vapiCallId } })).id;
  const consentsOf = async (leadId: string) => (await testApp.http.get(`/api/leads/${leadId}/consents`).expect(200)).body as LeadConsent[];
  const consentEntries = async (leadId: string) =>
    ((await testApp.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; data: Record<string, unknown> }[])
      .filter(({ type }) => type === 'consent_given' || type === 'consent_withdrawn')
      .map(({ type, data }) => ({ type, data }));

  it('records the yes once, with the question as its wording and the call and the caller’s lines as evidence, beside the consent to be called', async () => {
    const report = saying(structuredOutputsReport('wa-call-1', '+919811200001', { name: 'Sneha Kulkarni', consentToContact: true, whatsappOptIn: true }), [
      'I am looking for a 3 BHK in Baner.',
      'Yes, send them on WhatsApp please.',
    ]);
    await deliver(report);
    await deliver(report);
    const leadId = await leadByPhone('+919811200001');
    const consents = await consentsOf(leadId);
    expect(consents.map(({ purpose }) => purpose).sort()).toEqual([DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE]);
    const optIn = consents.find(({ purpose }) => purpose === WHATSAPP_CONSENT_PURPOSE)!;
    expect(optIn).toMatchObject({
      channel: 'voice_call',
      wording: WHATSAPP_OPT_IN_QUESTION,
      evidence: { kind: 'voice_call', callId: await callId('wa-call-1'), vapiCallId: 'wa-call-1', transcriptLines: ['Yes, send them on WhatsApp please.'] },
      withdrawnAt: null,
    });
    expect(await consentEntries(leadId)).toEqual(
      expect.arrayContaining([{ type: 'consent_given', data: { consentId: optIn.id, channel: 'voice_call', purpose: WHATSAPP_CONSENT_PURPOSE } }]),
    );
    expect(await consentEntries(leadId)).toHaveLength(2);
  });

  it('withdraws the opt-in when a later call says no to WhatsApp (an output of its own, in words), and leaves the consent to be called', async () => {
    await deliver(saying(structuredOutputsReport('wa-call-2', '+919811200002', { name: 'Farhan Qureshi', consentToContact: true, whatsappOptIn: 'yes' }), ['Haan, WhatsApp kar dena.']));
    const leadId = await leadByPhone('+919811200002');
    const later = saying(structuredOutputsReport('wa-call-3', '+919811200002', { name: 'Farhan Qureshi' }, { 'wa-output': { name: 'WhatsApp opt-in', result: 'no' } }), [
      'About WhatsApp: no, please don’t send messages there.',
    ]);
    await deliver(later);
    await deliver(later);
    const consents = await consentsOf(leadId);
    expect(consents.find(({ purpose }) => purpose === WHATSAPP_CONSENT_PURPOSE)).toMatchObject({
      withdrawnVia: 'voice_call',
      withdrawnEvidence: { kind: 'voice_call', vapiCallId: 'wa-call-3', transcriptLines: ['About WhatsApp: no, please don’t send messages there.'] },
    });
    expect(consents.find(({ purpose }) => purpose === DEFAULT_CONSENT_PURPOSE)).toMatchObject({ withdrawnAt: null });
    const withdrawn = (await consentEntries(leadId)).filter(({ type }) => type === 'consent_withdrawn');
    expect(withdrawn).toEqual([{ type: 'consent_withdrawn', data: { consentId: consents.find(({ purpose }) => purpose === WHATSAPP_CONSENT_PURPOSE)!.id, via: 'voice_call' } }]);
  });

  it('keeps a yes to WhatsApp given on the call that says no to calls, however often it is delivered', async () => {
    await deliver(saying(structuredOutputsReport('wa-call-4', '+919811200003', { name: 'Lata Menon', consentToContact: true }), ['Yes, call me.']));
    const leadId = await leadByPhone('+919811200003');
    const report = saying(structuredOutputsReport('wa-call-5', '+919811200003', { name: 'Lata Menon', consentToContact: false, whatsappOptIn: true }), [
      'Don’t call me, but yes, WhatsApp is fine.',
    ]);
    await deliver(report);
    await deliver(report);
    const consents = await consentsOf(leadId);
    expect(consents.map(({ purpose, withdrawnAt }) => ({ purpose, withdrawn: withdrawnAt !== null })).sort((a, b) => a.purpose.localeCompare(b.purpose))).toEqual([
      { purpose: DEFAULT_CONSENT_PURPOSE, withdrawn: true },
      { purpose: WHATSAPP_CONSENT_PURPOSE, withdrawn: false },
    ]);
  });

  it('records no opt-in from a call that asks not to be called again, and withdraws the one that stood', async () => {
    await deliver(saying(structuredOutputsReport('wa-call-6', '+919811200004', { name: 'Deepak Joshi', whatsappOptIn: true }), ['Sure, WhatsApp is fine.']));
    const leadId = await leadByPhone('+919811200004');
    await deliver(saying(structuredOutputsReport('wa-call-7', '+919811200004', { name: 'Deepak Joshi', doNotCall: true, whatsappOptIn: true }), ['Never call me again.']));
    const consents = await consentsOf(leadId);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ purpose: WHATSAPP_CONSENT_PURPOSE, withdrawnVia: 'voice_call', withdrawnEvidence: { vapiCallId: 'wa-call-7' } });
  });
});
