import { queryRows } from './support/database-rows';
import { PROVIDERS } from './support/test-database';
import { startWhatsappTestApp, until, type WhatsappTestApp } from './support/whatsapp-app';

jest.setTimeout(120_000);

/**
 * WhatsApp opt-in as a consent with purpose "whatsapp": recorded by staff with a note like any
 * consent, withdrawn by the person replying STOP or a Hindi equivalent (the message the
 * evidence) or by staff, and kept apart from the consent to be called.
 */
describe.each(PROVIDERS)('WhatsApp opt-in on %s', (provider) => {
  let app: WhatsappTestApp;

  beforeAll(async () => {
    app = await startWhatsappTestApp(provider, { REQUIRE_CONSENT: 'true' });
  });
  afterAll(() => app?.close());

  const newLead = async (phone: string) => (await app.http.post('/api/leads').send({ name: `Lead ${phone}`, phone }).expect(201)).body._id as string;
  const optIn = (leadId: string) =>
    app.http.post(`/api/leads/${leadId}/consents`).send({ purpose: 'whatsapp', wording: 'Yes, send me updates on WhatsApp', note: 'Agreed on the phone with Ravi' }).expect(201);
  const consents = async (leadId: string) => (await app.http.get(`/api/leads/${leadId}/consents`).expect(200)).body as { id: string; purpose: string; withdrawnAt: string | null; withdrawnVia: string | null; withdrawnEvidence: unknown }[];
  const whatsappConsent = async (leadId: string) => (await consents(leadId)).find(({ purpose }) => purpose === 'whatsapp')!;
  const inboundCount = async (leadId: string) => (await queryRows(app.database, `SELECT id FROM whatsapp_messages WHERE lead_id = '${leadId}' AND direction = 'inbound'`)).length;

  it('records staff’s WhatsApp opt-in with its wording and note, on the timeline and in the access log', async () => {
    const leadId = await newLead('+919822200001');
    const recorded = await optIn(leadId);
    expect(recorded.body).toMatchObject({ channel: 'staff', purpose: 'whatsapp', wording: 'Yes, send me updates on WhatsApp', evidence: { kind: 'staff', note: 'Agreed on the phone with Ravi' }, withdrawnAt: null });
    const activity = (await app.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; data: { purpose?: string } }[];
    expect(activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'consent_given', data: expect.objectContaining({ purpose: 'whatsapp' }) })]));
    expect(await queryRows(app.database, `SELECT action FROM access_log WHERE lead_id = '${leadId}'`)).toEqual([{ action: 'consent_changed' }]);
  });

  it('does not count a WhatsApp opt-in as consent to be called', async () => {
    const leadId = await newLead('+919822200002');
    await optIn(leadId);
    const eligibility = await app.http.get(`/api/leads/${leadId}/call-eligibility`).expect(200);
    expect(eligibility.body).toMatchObject({ allowed: false, code: 'no_consent' });
  });

  it.each([
    ['STOP', '+919822200003'],
    ['बंद करो', '+919822200004'],
    ['Band karo!', '+919822200005'],
    ['रोकें', '+919822200006'],
  ])('withdraws the WhatsApp opt-in when the person replies %s, the message the evidence, leaving the consent to be called', async (reply, phone) => {
    const leadId = await newLead(phone);
    await optIn(leadId);
    await app.http.post(`/api/leads/${leadId}/consents`).send({ wording: 'You may call me about flats in Pune' }).expect(201);
    const { id } = await app.cloudApi.personWrites({ from: phone.slice(1), text: reply });
    const withdrawn = await until(() => whatsappConsent(leadId), (consent) => consent.withdrawnAt !== null, 'the opt-in withdrawn');
    expect(withdrawn).toMatchObject({ withdrawnVia: 'whatsapp', withdrawnEvidence: { kind: 'whatsapp', waMessageId: id, text: reply } });
    expect((await consents(leadId)).find(({ purpose }) => purpose !== 'whatsapp')).toMatchObject({ withdrawnAt: null });
    const activity = (await app.http.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; data: { via?: string } }[];
    expect(activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'consent_withdrawn', data: expect.objectContaining({ via: 'whatsapp' }) })]));
  });

  it('takes a message that only mentions stopping as a message, and withdraws nothing', async () => {
    const leadId = await newLead('+919822200007');
    await optIn(leadId);
    await app.cloudApi.personWrites({ from: '919822200007', text: 'Can we stop by the site on Sunday?' });
    await until(() => inboundCount(leadId), (count) => count === 1, 'the message');
    expect(await whatsappConsent(leadId)).toMatchObject({ withdrawnAt: null });
  });

  it('lets staff withdraw the opt-in, by the channel the person used', async () => {
    const leadId = await newLead('+919822200008');
    const { body } = await optIn(leadId);
    const withdrawn = await app.http.post(`/api/leads/${leadId}/consents/${body.id}/withdraw`).send({ via: 'whatsapp', note: 'Asked in a voice note' }).expect(200);
    expect(withdrawn.body).toMatchObject({ purpose: 'whatsapp', withdrawnVia: 'whatsapp', withdrawnEvidence: { kind: 'staff', note: 'Asked in a voice note' } });
  });
});
