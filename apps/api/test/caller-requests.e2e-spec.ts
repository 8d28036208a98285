import { Database } from '../src/database/database';
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
