import type { Job } from '@lead-desk/contracts';
import { Database } from '../src/database/database';
import { structuredOutputsReport } from './fixtures/vapi-messages';
import { jobEnded } from './support/bulk-jobs';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** The agent's cadence ends at once, in the write's own transaction, whichever way staff or the caller decide about a lead. */
describe.each(PROVIDERS)('the agent stops calling a lead decided about, on %s', (provider) => {
  let testApp: TestApp;

  const client = () => testApp.app.get(Database).client;
  /** A lead staff added, with its cadence open (AUTO_CALLBACK is on and calls wait an hour, so none is placed meanwhile). */
  const leadWithCadence = async (name: string, phone: string): Promise<string> => {
    const lead = await testApp.http.post('/api/leads').send({ name, phone }).expect(201);
    expect(await client().callbackCadence.findFirstOrThrow({ where: { leadId: lead.body._id } })).toMatchObject({ state: 'open' });
    return lead.body._id;
  };
  const cadenceOf = async (leadId: string) => client().callbackCadence.findFirstOrThrow({ where: { leadId }, include: { attempts: true } });
  const stopEntries = async (leadId: string) =>
    (await client().leadActivity.findMany({ where: { leadId, type: 'callback' }, orderBy: { id: 'asc' } })).map(({ data }) => JSON.parse(data)).filter(({ event }) => event === 'stopped');

  beforeAll(async () => {
    testApp = await startTestApp(provider, { AUTO_CALLBACK: 'true', AUTO_CALLBACK_DELAY_SECONDS: '3600' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('when a bulk job moves the lead to a won stage', async () => {
    const leadId = await leadWithCadence('Bulk Booked', '9100000001');
    const created = await testApp.http.post('/api/leads/bulk').send({ ids: [leadId], action: { type: 'stage', stageId: 'stage-booked' } }).expect(202);
    const job = await jobEnded(async (id: string): Promise<Job> => (await testApp.http.get(`/api/jobs/${id}`).expect(200)).body, created.body.id);
    expect(job).toMatchObject({ status: 'succeeded', changed: 1 });
    expect(await cadenceOf(leadId)).toMatchObject({ state: 'stopped', stopReason: 'Moved to Booked', openLeadId: null, attempts: [expect.objectContaining({ state: 'cancelled' })] });
    expect(await stopEntries(leadId)).toEqual([expect.objectContaining({ text: "The agent's calls stopped: Moved to Booked (attempt 1 cancelled)" })]);
  });

  it('when an import marks the lead Do Not Call', async () => {
    const leadId = await leadWithCadence('Imported Refusal', '9100000002');
    const csv = 'Name,Phone,DND\nImported Refusal,+919100000002,yes\n';
    await testApp.http.post('/api/leads/import').set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(await client().lead.findUniqueOrThrow({ where: { id: leadId } })).toMatchObject({ doNotCall: true });
    expect(await cadenceOf(leadId)).toMatchObject({ state: 'stopped', stopReason: 'Marked Do Not Call', attempts: [expect.objectContaining({ state: 'cancelled' })] });
  });

  it('when the caller asks on a call not to be called again', async () => {
    const leadId = await leadWithCadence('Caller Refusal', '9100000003');
    const report = structuredOutputsReport('call-stop-dnc', '+919100000003', { name: 'Caller Refusal' }, { 'dnc-output': { name: 'doNotCall', result: true } });
    await testApp.http.post('/api/webhooks/vapi').send(report).expect(200);
    expect(await client().lead.findUniqueOrThrow({ where: { id: leadId } })).toMatchObject({ doNotCall: true, doNotCallReason: 'Asked on a call' });
    expect(await cadenceOf(leadId)).toMatchObject({ state: 'stopped', stopReason: 'Marked Do Not Call', attempts: [expect.objectContaining({ state: 'cancelled' })] });
  });

  it('leaves the cadence of a lead a batch does not decide about', async () => {
    const leadId = await leadWithCadence('Bulk Tagged', '9100000004');
    const created = await testApp.http.post('/api/leads/bulk').send({ ids: [leadId], action: { type: 'addTags', tags: ['Hot'] } }).expect(202);
    await jobEnded(async (id: string): Promise<Job> => (await testApp.http.get(`/api/jobs/${id}`).expect(200)).body, created.body.id);
    expect(await cadenceOf(leadId)).toMatchObject({ state: 'open', attempts: [expect.objectContaining({ state: 'scheduled' })] });
  });
});
