import type { BoardColumn, Lead } from '@lead-desk/contracts';
import { InvalidConfigError, loadAppConfig } from '../src/config/app-config';
import { startReplicatedPostgres, type ReplicatedPostgres } from './support/replicated-postgres';
import { startTestApp, type TestApp } from './support/test-app';

const SCHEMA = 'lead_desk';

/**
 * DATABASE_READ_URL: the list, its counts, the stats and the export read a streaming standby, while the lead
 * itself (GET /:id, PATCH and its ETag) reads the primary. Replay paused on the standby makes the difference
 * visible: what the primary has and the standby has not yet.
 */
describe('a read replica (DATABASE_READ_URL) on PostgreSQL', () => {
  let replicated: ReplicatedPostgres;
  let testApp: TestApp;

  beforeAll(async () => {
    replicated = await startReplicatedPostgres(SCHEMA);
    // The primary's database is the clusters' own: nothing to drop, the clusters go with it.
    testApp = await startTestApp('postgresql', { DATABASE_READ_URL: replicated.replicaUrl }, { provider: 'postgresql', url: replicated.primaryUrl, drop: async () => {} });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await replicated?.stop();
  });

  const listedIds = async (query: object = {}) => {
    const response = await testApp.http.get('/api/leads').query({ limit: 100, ...query }).expect(200);
    return { ids: (response.body as Lead[]).map((lead) => lead._id), total: Number(response.headers['x-total-count']), leads: response.body as Lead[] };
  };
  const exportedText = async () => (await testApp.http.get('/api/leads/export.csv').expect(200)).text;

  const pauseReplay = async () => {
    await replicated.caughtUp();
    // The standby checks for a pause before each record it applies: what the primary writes from now on waits.
    await replicated.onReplica('SELECT pg_wal_replay_pause()');
  };
  const resumeReplay = () => replicated.onReplica('SELECT pg_wal_replay_resume()');

  it('lists from the replica while the editor reads and edits the lead on the primary, then the list catches up', async () => {
    const before = await testApp.http.post('/api/leads').send({ name: 'Replica Before', location: 'Pune' }).expect(201);
    await replicated.caughtUp();
    expect((await listedIds()).ids).toContain(before.body._id);

    await pauseReplay();
    try {
      const created: Lead = (await testApp.http.post('/api/leads').send({ name: 'Replica Fresh', location: 'Pune' }).expect(201)).body;

      // The list's page comes from the standby, which has not replayed the creation…
      expect((await listedIds()).ids).not.toContain(created._id);
      expect(await replicated.statementCalls('primary', '%SELECT page.*%')).toBe(0);
      expect(await exportedText()).not.toContain('Replica Fresh');
      // …while the lead itself, its edit and the edit's ETag are the primary's.
      const read = await testApp.http.get(`/api/leads/${created._id}`).expect(200);
      expect(read.headers.etag).toBe('"1"');
      expect(read.body).toMatchObject({ name: 'Replica Fresh', location: 'Pune' });
      const edited = await testApp.http.patch(`/api/leads/${created._id}`).set('If-Match', '"1"').send({ location: 'Mumbai' }).expect(200);
      expect(edited.headers.etag).toBe('"2"');
      expect(edited.body).toMatchObject({ location: 'Mumbai', version: 2 });
      const reread = await testApp.http.get(`/api/leads/${created._id}`).expect(200);
      expect(reread.headers.etag).toBe('"2"');
      expect(reread.body).toMatchObject({ location: 'Mumbai' });
      // A conditional write is held to the primary's version: the stale ETag is refused, the fresh one accepted.
      await testApp.http.patch(`/api/leads/${created._id}`).set('If-Match', '"1"').send({ location: 'Thane' }).expect(412);
      await testApp.http.patch(`/api/leads/${created._id}`).set('If-Match', '"2"').send({ location: 'Navi Mumbai' }).expect(200);

      // Counts are cached per version of the primary: the standby behind it, the primary counts (no stale total).
      expect((await listedIds()).total).toBe(2);
      expect((await testApp.http.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 2 });

      await resumeReplay();
      await replicated.caughtUp();
      const caughtUp = await listedIds();
      expect(caughtUp.ids).toEqual([created._id, before.body._id]);
      expect(caughtUp.leads[0]).toMatchObject({ location: 'Navi Mumbai', version: 3 });
      expect(await exportedText()).toContain('Navi Mumbai');
    } finally {
      await resumeReplay();
    }
  }, 30_000);

  it('counts, stats, the board and reports run on the replica once it has replayed their version, which the primary gives', async () => {
    await testApp.http.post('/api/leads').send({ name: 'Replica Counted', location: 'Nashik' }).expect(201);
    await replicated.caughtUp();
    await replicated.forgetStatements();

    expect((await listedIds({ q: 'Replica Counted' })).total).toBe(1);
    const board: BoardColumn[] = (await testApp.http.get('/api/leads/board').query({ q: 'Replica Counted' }).expect(200)).body;
    expect(board.find((column) => column.stageId === 'stage-new')).toMatchObject({ count: 1 });
    expect((await testApp.http.get('/api/leads/stats').expect(200)).body).toMatchObject({ total: 3 });
    await testApp.http.get('/api/reports/speed-to-lead').query({ from: '2026-01-01', to: '2026-12-31' }).expect(200);

    for (const counted of ['%COUNT(*) AS count FROM leads%', '%stage_id AS "stageId", COUNT(*)%', '%AS "processedToday"%', '%FROM lead_response_times r%']) {
      const [replica, primary] = [await replicated.statementCalls('replica', counted), await replicated.statementCalls('primary', counted)];
      expect({ counted, ranOnReplica: replica > 0, primary }).toEqual({ counted, ranOnReplica: true, primary: 0 });
    }
    // Each version is the primary's: a standby sees a sequence as last logged, up to 32 values ahead.
    expect(await replicated.statementCalls('primary', '%_change_seq%')).toBeGreaterThan(0);
    expect(await replicated.statementCalls('replica', '%_change_seq%')).toBe(0);
  }, 30_000);

  it('refuses to start when DATABASE_READ_URL names a server that is no standby (here the primary itself)', async () => {
    await expect(startTestApp('postgresql', { DATABASE_READ_URL: replicated.primaryUrl }, { provider: 'postgresql', url: replicated.primaryUrl, drop: async () => {} })).rejects.toThrow(
      /DATABASE_READ_URL must name a standby .*pg_is_in_recovery\(\) is false/,
    );
  });
});

describe('DATABASE_READ_URL at start-up', () => {
  const primary = 'postgresql://postgres@127.0.0.1:5432/test?schema=leads';

  it.each([
    ['with SQLite', { DATABASE_URL: 'file:./data/leads.db', DATABASE_READ_URL: 'postgresql://postgres@replica:5432/test' }, /needs DATABASE_URL on PostgreSQL/],
    ['naming another schema', { DATABASE_URL: primary, DATABASE_READ_URL: 'postgresql://postgres@replica:5432/test?schema=other' }, /names schema "other" and DATABASE_URL "leads"/],
    ['naming another database', { DATABASE_URL: primary, DATABASE_READ_URL: 'postgresql://postgres@replica:5432/crm?schema=leads' }, /names database "crm" and DATABASE_URL "test"/],
    ['as a SQLite file', { DATABASE_URL: primary, DATABASE_READ_URL: 'file:./replica.db' }, /DATABASE_READ_URL: must start with postgres/],
  ])('is refused %s, naming the variable', (_case, env, message) => {
    expect(() => loadAppConfig(env)).toThrow(InvalidConfigError);
    expect(() => loadAppConfig(env)).toThrow(message);
  });

  it('is accepted for a replica of the same database and schema', () => {
    expect(loadAppConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgresql://reader@replica:5432/test?schema=leads' }).DATABASE_READ_URL).toBe(
      'postgresql://reader@replica:5432/test?schema=leads',
    );
  });
});
