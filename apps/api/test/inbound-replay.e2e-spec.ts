import { Database } from '../src/database/database';
import { LeadIntakeService } from '../src/leads/intake/lead-intake.service';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** A lead source's delivery whose processing failed stays in the inbox and is replayed from there, once. */
describe.each(PROVIDERS)('replaying an inbound API delivery from the inbox, on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps a failed delivery in the inbox, makes its lead when an admin replays it, and answers the sender’s repeat with that lead', async () => {
    const source = (await testApp.http.post('/api/lead-sources').send({ name: `Replay Portal ${provider}` }).expect(201)).body as { id: string; name: string };
    const { key } = (await testApp.http.post(`/api/lead-sources/${source.id}/keys`).send({}).expect(201)).body as { key: string };
    const post = () => testApp.http.post('/api/inbound/leads').set('Authorization', `Bearer ${key}`).send({ externalId: 'MB-7781', full_name: 'Ishaan Bose', mobile: '98300 77812', city: 'Kolkata' });

    // The database fails under the first try: the sender gets a 500, the delivery stays, failed.
    jest.spyOn(testApp.app.get(LeadIntakeService), 'receive').mockRejectedValueOnce(new Error('connection reset by the database'));
    await post().expect(500);
    const failed = (await testApp.http.get('/api/webhooks/events?status=failed').expect(200)).body.events as { id: string; channel: string; externalId: string; error: string }[];
    const event = failed.find(({ channel }) => channel === 'inbound')!;
    expect(event).toMatchObject({ externalId: `${source.id}:MB-7781`, error: 'connection reset by the database' });
    expect(await testApp.app.get(Database).client.lead.count({ where: { source: source.name } })).toBe(0);

    const replayed = await testApp.http.post(`/api/webhooks/events/${event.id}/replay`).expect(200);
    expect(replayed.body).toMatchObject({ outcome: 'processed', event: { id: event.id, channel: 'inbound', error: null } });
    const leads = await testApp.app.get(Database).client.lead.findMany({ where: { source: source.name } });
    expect(leads).toEqual([expect.objectContaining({ name: 'Ishaan Bose', phone: '+919830077812', location: 'Kolkata' })]);

    // Processed once: the inbox will not replay it again, and the sender's repeat is answered with the same lead.
    await testApp.http.post(`/api/webhooks/events/${event.id}/replay`).expect(409);
    const repeat = await post().expect(200);
    expect(repeat.body).toMatchObject({ leadId: leads[0].id, created: true });
    expect(await testApp.app.get(Database).client.lead.count({ where: { source: source.name } })).toBe(1);
  });
});
