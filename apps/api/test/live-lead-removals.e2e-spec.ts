import type { Lead } from '@lead-desk/contracts';
import { SseClient, type ServerSentEvent } from './support/sse-client';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/**
 * `lead.removed` reaches an agent only about a lead they could see before the change (it went
 * to a colleague, was merged into another or erased): a change to a lead that was never in
 * their sight tells them nothing, not even its id.
 */
describe.each(PROVIDERS)('lead.removed on an agent\'s live stream on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let ravi: StaffSession;
  let meera: StaffSession;
  let asha: StaffSession;
  let phones = 0;
  let markers = 0;

  const send = (method: 'post' | 'patch', path: string, body: object) => admin.agent[method](path).set('X-CSRF-Token', admin.csrf).send(body);
  /** A lead made by the admin, given to `owner` (none: unassigned). */
  const leadOf = async (name: string, owner?: StaffSession): Promise<Lead> => {
    const phone = `+91985550${String((phones += 1)).padStart(4, '0')}`;
    const created = (await send('post', '/api/leads', { name, phone }).expect(201)).body as Lead;
    return owner ? ((await send('patch', `/api/leads/${created._id}`, { ownerId: owner.id }).expect(200)).body as Lead) : created;
  };
  const eventsOf = (session: StaffSession) => SseClient.connect(`http://127.0.0.1:${(testApp.app.getHttpServer().address() as { port: number }).port}/api/events`, { Cookie: session.cookie });
  const shown = ({ event, data }: ServerSentEvent) => `${event} ${(data as { name?: string }).name ?? (data as { id: string }).id}`;
  /** Where each stream's own events start: after the marker that flushed news of earlier changes. */
  const startOf = new WeakMap<SseClient, number>();
  /**
   * Sends an unassigned lead (which every agent sees) and waits for it on every stream: news of
   * every change committed before it came first (on PostgreSQL, through another connection, it
   * may reach a stream opened after the change). Answers each stream's events before it.
   */
  const throughMarker = async (streams: SseClient[]): Promise<string[][]> => {
    const marker = `Marker ${(markers += 1)}`;
    await send('post', '/api/leads', { name: marker, phone: `+91985551${String(markers).padStart(4, '0')}` }).expect(201);
    const markerEvents = await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'lead.created' && (event.data as Lead).name === marker)));
    return streams.map((stream, i) => {
      const events = stream.received();
      const upTo = events.indexOf(markerEvents[i]!);
      const since = events.slice(startOf.get(stream) ?? 0, upTo).map(shown);
      startOf.set(stream, upTo + 1);
      return since.sort();
    });
  };
  /** The agents' streams, opened once news of every earlier change has reached them. */
  const streamsOf = async (sessions: StaffSession[]): Promise<SseClient[]> => {
    const streams = await Promise.all(sessions.map(eventsOf));
    await throughMarker(streams);
    return streams;
  };
  /** Every event each stream got since it opened (or since the last marker), once a new marker has reached them all. */
  const receivedUpToMarker = throughMarker;
  const removalOf = (id: string) => (event: ServerSentEvent) => event.event === 'lead.removed' && (event.data as { id: string }).id === id;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    ravi = await signedInAgent(testApp, admin, 'Ravi Kumar');
    meera = await signedInAgent(testApp, admin, 'Meera Iyer');
    asha = await signedInAgent(testApp, admin, 'Asha Rao');
  });
  afterAll(() => testApp.close());

  it("tells an agent nothing of a colleague's lead edited or given to another colleague; the colleague it left gets lead.removed", async () => {
    const meeras = await leadOf('Meera Lead', meera);
    const [raviEvents, meeraEvents, ashaEvents] = await streamsOf([ravi, meera, asha]);
    try {
      await send('patch', `/api/leads/${meeras._id}`, { location: 'Pune' }).expect(200);
      await send('patch', `/api/leads/${meeras._id}`, { ownerId: asha.id }).expect(200);

      await meeraEvents.next(removalOf(meeras._id));
      await ashaEvents.next((event) => event.event === 'lead.updated' && (event.data as Lead)._id === meeras._id);
      const [toRavi] = await receivedUpToMarker([raviEvents, meeraEvents, ashaEvents]);
      expect(toRavi).toEqual([]);
    } finally {
      for (const stream of [raviEvents, meeraEvents, ashaEvents]) stream.disconnect();
    }
  });

  it('sends lead.removed to each agent who could see a lead given to a colleague, and to no one else', async () => {
    const unassigned = await leadOf('Nobody Lead');
    const ravis = await leadOf('Ravi Lead', ravi);
    const [raviEvents, ashaEvents] = await streamsOf([ravi, asha]);
    try {
      await send('patch', `/api/leads/${unassigned._id}`, { ownerId: meera.id }).expect(200);
      await send('patch', `/api/leads/${ravis._id}`, { ownerId: meera.id }).expect(200);

      expect(await receivedUpToMarker([raviEvents, ashaEvents])).toEqual([
        [`lead.removed ${unassigned._id}`, `lead.removed ${ravis._id}`].sort(),
        [`lead.removed ${unassigned._id}`],
      ]);
    } finally {
      raviEvents.disconnect();
      ashaEvents.disconnect();
    }
  });

  it('sends lead.removed for a merged lead only to those who saw it, and for a kept lead that went to its owner', async () => {
    const [meerasKept, meerasMerged] = [await leadOf('Meera Kept', meera), await leadOf('Meera Merged', meera)];
    const [unassignedKept, meerasMergedInto] = [await leadOf('Nobody Kept'), await leadOf('Meera Merged Into', meera)];
    const [raviEvents, meeraEvents] = await streamsOf([ravi, meera]);
    try {
      const merge = (kept: Lead, merged: Lead) => send('post', '/api/leads/merge', { keepId: kept._id, mergeId: merged._id, keepVersion: kept.version, mergeVersion: merged.version });
      await merge(meerasKept, meerasMerged).expect(200);
      await meeraEvents.next(removalOf(meerasMerged._id));
      // The unassigned kept lead takes the owner of the lead merged into it (the merge's proposal): out of Ravi's sight.
      const merged = await merge(unassignedKept, meerasMergedInto).expect(200);
      expect(merged.body.lead.owner).toMatchObject({ id: meera.id });

      const [toRavi] = await receivedUpToMarker([raviEvents, meeraEvents]);
      expect(toRavi).toEqual([`lead.removed ${unassignedKept._id}`]);
    } finally {
      raviEvents.disconnect();
      meeraEvents.disconnect();
    }
  });

  it("sends lead.removed for an erased person's lead only to those who saw it", async () => {
    const meeras = await leadOf('Erased Person', meera);
    const [raviEvents, meeraEvents] = await streamsOf([ravi, meera]);
    try {
      await send('post', '/api/privacy/erasure', { phone: meeras.phone, requestedBy: 'Customer by email' }).expect(200);
      await meeraEvents.next(removalOf(meeras._id));
      const [toRavi] = await receivedUpToMarker([raviEvents, meeraEvents]);
      expect(toRavi).toEqual([]);
    } finally {
      raviEvents.disconnect();
      meeraEvents.disconnect();
    }
  });

  it('sends lead.removed to an agent who saw a lead an import gives a colleague, and nothing for a colleague\'s lead it changes', async () => {
    const unassigned = await leadOf('Imported Over');
    const ashas = await leadOf('Asha Imported', asha);
    const [raviEvents, ashaEvents] = await streamsOf([ravi, asha]);
    try {
      const csv = `name,phone,owner\nImported Over,${unassigned.phone},Meera Iyer\nAsha Imported,${ashas.phone},Meera Iyer\n`;
      const imported = await admin.agent.post('/api/leads/import').query({ onMatch: 'overwrite' }).set('X-CSRF-Token', admin.csrf).set('Content-Type', 'text/csv').send(csv).expect(200);
      expect(imported.body).toMatchObject({ created: 0, updated: 2 });

      expect(await receivedUpToMarker([raviEvents, ashaEvents])).toEqual([
        [`lead.removed ${unassigned._id}`],
        [`lead.removed ${ashas._id}`, `lead.removed ${unassigned._id}`].sort(),
      ]);
    } finally {
      raviEvents.disconnect();
      ashaEvents.disconnect();
    }
  });
});
