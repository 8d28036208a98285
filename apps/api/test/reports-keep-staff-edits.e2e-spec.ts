import type { ActivityData, Lead, LeadActivity } from '@lead-desk/contracts';
import { vapiHmacHeaders } from '@lead-desk/test-support';
import type { Vapi } from '@vapi-ai/server-sdk';
import { endOfCallReport } from './fixtures/vapi-messages';
import { signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

const HMAC_SECRET = 'staff-edits-hmac-secret';

/**
 * Issue 22, point 5: an end-of-call report never undoes staff's work. A report of a call
 * already processed (sent again within the signature's replay window) changes no lead
 * field; a later call's report fills only the fields staff did not change last.
 */
describe.each(PROVIDERS)('end-of-call reports after staff edits on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, { ...STAFF_MODE_ENV, VAPI_WEBHOOK_HMAC_SECRET: HMAC_SECRET });
    admin = await signIn(testApp, TEST_ADMIN);
  });
  afterAll(() => testApp.close());

  /** A delivery signed now, as Vapi signs each one: a report sent again is a new delivery of the same call. */
  const deliver = async (report: { message: Vapi.ServerMessageEndOfCallReport }) => {
    const bytes = JSON.stringify(report);
    const response = await testApp.http.post('/api/webhooks/vapi').set({ 'Content-Type': 'application/json', ...vapiHmacHeaders(bytes, { secretKey: HMAC_SECRET }) }).send(bytes);
    expect([response.status, response.body]).toEqual([200, { received: true, stored: true, processed: true }]);
  };
  const leadsWithPhone = async (phone: string): Promise<Lead[]> =>
    ((await admin.agent.get('/api/leads').query({ q: phone }).expect(200)).body as Lead[]).filter((lead) => lead.phone === phone);
  const onlyLeadWithPhone = async (phone: string): Promise<Lead> => {
    const leads = await leadsWithPhone(phone);
    expect(leads).toHaveLength(1);
    return leads[0];
  };
  const edit = (leadId: string, changes: Record<string, unknown>) =>
    admin.agent.patch(`/api/leads/${leadId}`).set('X-CSRF-Token', admin.csrf).send(changes).expect(200);
  const fieldUpdates = async (leadId: string) =>
    ((await admin.agent.get(`/api/leads/${leadId}/activity`).query({ limit: 200 }).expect(200)).body as LeadActivity[])
      .filter((entry) => entry.type === 'updated')
      .map((entry) => ({ ...(entry.data as ActivityData<'updated'>), by: entry.actor?.name ?? 'voice agent' }));

  it("keeps an admin's name when the same report is sent again (a new delivery of the same call)", async () => {
    const report = endOfCallReport({ callId: 'resent-call', number: '+919700000001', structuredData: { name: 'Vikram Rao', budget: '60 Lakh', location: 'Pune', qualified: true } });
    await deliver(report);
    const lead = await onlyLeadWithPhone('+919700000001');
    expect(lead).toMatchObject({ name: 'Vikram Rao', budget: '60 Lakh' });

    await edit(lead._id, { name: 'Vikram Deshpande' });
    await deliver(report);

    expect(await onlyLeadWithPhone('+919700000001')).toMatchObject({ name: 'Vikram Deshpande', budget: '60 Lakh', location: 'Pune' });
    expect(await fieldUpdates(lead._id)).toEqual([{ field: 'name', from: 'Vikram Rao', to: 'Vikram Deshpande', by: 'Administrator' }]);
    const details = (await admin.agent.get(`/api/leads/${lead._id}`).expect(200)).body;
    expect(details.calls.map((call: { vapiCallId: string }) => call.vapiCallId)).toEqual(['resent-call']);
  });

  it("does not undo a later call's values either, when an earlier call's report is sent again", async () => {
    const earlier = endOfCallReport({ callId: 'earlier-call', number: '+919700000002', structuredData: { name: 'Meera Iyer', budget: '50 Lakh' } });
    await deliver(earlier);
    await deliver(endOfCallReport({ callId: 'later-call', number: '+919700000002', structuredData: { name: 'Meera Iyer', budget: '70 Lakh' } }));
    await deliver(earlier);

    expect(await onlyLeadWithPhone('+919700000002')).toMatchObject({ name: 'Meera Iyer', budget: '70 Lakh' });
  });

  it("keeps what the admin edited when a later call of the same person reports other values, and takes the call's other fields", async () => {
    await deliver(endOfCallReport({ callId: 'first-call', number: '+919700000003', structuredData: { name: 'Aarav Sharma', budget: '50 Lakh', location: 'Pune', timeline: '6 months' } }));
    const lead = await onlyLeadWithPhone('+919700000003');
    await edit(lead._id, { name: 'Aarav Kumar Sharma', location: 'Baner, Pune' });

    // The same person by the identity rule ("Arav" is "Aarav" spelt another way): their lead is updated.
    await deliver(endOfCallReport({ callId: 'second-call', number: '+919700000003', structuredData: { name: 'Arav Sharma', budget: '75 Lakh', location: 'Pune', timeline: '3 months' } }));

    expect(await onlyLeadWithPhone('+919700000003')).toMatchObject({ name: 'Aarav Kumar Sharma', location: 'Baner, Pune', budget: '75 Lakh', timeline: '3 months' });
    expect(await fieldUpdates(lead._id)).toEqual(
      expect.arrayContaining([
        { field: 'budget', from: '50 Lakh', to: '75 Lakh', by: 'voice agent' },
        { field: 'timeline', from: '6 months', to: '3 months', by: 'voice agent' },
      ]),
    );
    expect((await fieldUpdates(lead._id)).filter(({ by }) => by === 'voice agent').map(({ field }) => field).sort()).toEqual(['budget', 'timeline']);
  });

  it("leaves the admin's lead as it is when a later caller from the same phone gives another person's name: that caller's lead takes the budget", async () => {
    await deliver(endOfCallReport({ callId: 'family-first', number: '+919700000004', structuredData: { name: 'Sunita Patil', budget: '40 Lakh' } }));
    const lead = await onlyLeadWithPhone('+919700000004');
    await edit(lead._id, { name: 'Sunita R. Patil' });

    await deliver(endOfCallReport({ callId: 'family-second', number: '+919700000004', structuredData: { name: 'Rahul Verma', budget: '90 Lakh' } }));

    const leads = await leadsWithPhone('+919700000004');
    expect(leads.map(({ name, budget }) => ({ name, budget })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Rahul Verma', budget: '90 Lakh' },
      { name: 'Sunita R. Patil', budget: '40 Lakh' },
    ]);
    const pairs = (await admin.agent.get('/api/leads/duplicates').query({ leadId: lead._id }).expect(200)).body;
    expect(pairs).toEqual([expect.objectContaining({ reason: 'same_phone', other: expect.objectContaining({ _id: lead._id }) })]);
  });
});
