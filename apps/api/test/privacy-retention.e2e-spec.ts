import type { ActivityData } from '@lead-desk/contracts';
import { FakeVapiServer } from '@lead-desk/test-support';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database } from '../src/database/database';
import { RetentionPurge } from '../src/privacy/retention/retention-purge';
import { LEAD_OUTPUT_ID, endOfCallReport } from './fixtures/vapi-messages';
import { chat, sessionOf } from './support/chat-client';
import { PROVIDERS, createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

const DAY_MS = 86_400_000;

describe.each(PROVIDERS)('RETENTION_DAYS on %s', (provider) => {
  const fake = new FakeVapiServer();
  let database: TestDatabase;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    await fake.start();
    database = await createTestDatabase(provider);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    await fake.stop();
  });

  const start = async (env: Record<string, string> = {}) => {
    const app = await startTestApp(provider, { VAPI_API_URL: fake.url, VAPI_PRIVATE_KEY: 'private-key', VAPI_DELETE_RETRY_SECONDS: '0.2', ...env }, database);
    apps.push(app);
    return app;
  };

  it('purges transcripts and recordings older than the retention, here and at Vapi, once a day across API instances', async () => {
    const first = await start();
    for (const callId of ['call-old-1', 'call-old-2', 'call-recent']) {
      await first.http.post('/api/webhooks/vapi').send(endOfCallReport({ callId, number: '+919860000401' })).expect(200);
    }
    let client = first.app.get(Database).client;
    // The calls' age, as if they had come in 31 and 45 days ago (a day past the retention, and more).
    await client.call.update({ where: { vapiCallId: 'call-old-1' }, data: { createdAt: new Date(Date.now() - 31 * DAY_MS) } });
    await client.call.update({ where: { vapiCallId: 'call-old-2' }, data: { createdAt: new Date(Date.now() - 45 * DAY_MS) } });
    await client.call.update({ where: { vapiCallId: 'call-recent' }, data: { createdAt: new Date(Date.now() - 29 * DAY_MS) } });

    // Instances start with RETENTION_DAYS at once (two API instances sharing PostgreSQL): each looks whether today's purge ran.
    // SQLite has one writer: the first process makes way rather than race its migrations.
    if (provider === 'sqlite') await apps.shift()!.close();
    const purgers = provider === 'postgresql' ? await Promise.all([start({ RETENTION_DAYS: '30' }), start({ RETENTION_DAYS: '30' })]) : [await start({ RETENTION_DAYS: '30' })];
    client = purgers[0].app.get(Database).client;
    for (let tries = 0; tries < 100 && (await client.dailyRun.count({ where: { outcome: { not: null } } })) === 0; tries += 1) await sleep(100);
    const runs = await client.dailyRun.findMany();
    expect(runs).toEqual([expect.objectContaining({ task: 'retention-purge', outcome: JSON.stringify({ calls: 2, leads: 1, whatsappMessages: 0, chats: 0 }) })]);

    const calls = await client.call.findMany({ orderBy: { vapiCallId: 'asc' } });
    expect(calls.map(({ vapiCallId, transcript, recordingUrl, summary }) => ({ vapiCallId, transcript: transcript !== null, recording: recordingUrl !== null, summary: summary !== null }))).toEqual([
      { vapiCallId: 'call-old-1', transcript: false, recording: false, summary: true },
      { vapiCallId: 'call-old-2', transcript: false, recording: false, summary: true },
      { vapiCallId: 'call-recent', transcript: true, recording: true, summary: true },
    ]);
    expect(await client.webhookEvent.count({ where: { vapiCallId: { in: ['call-old-1', 'call-old-2'] } } })).toBe(0);
    expect(await client.webhookEvent.count({ where: { vapiCallId: 'call-recent' } })).toBe(1);

    const entries = await client.leadActivity.findMany({ where: { type: 'retention_purged' } });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].data).callIds.sort()).toEqual([calls[0].id, calls[1].id].sort());
    expect(await client.accessLogEntry.count({ where: { action: 'retention_purged' } })).toBe(1);

    for (let tries = 0; tries < 100 && (await client.vapiDeletion.count({ where: { confirmedAt: null } })) > 0; tries += 1) await sleep(100);
    expect(await client.vapiDeletion.count({ where: { confirmedAt: { not: null }, reason: 'retention' } })).toBe(2);
    const deletes = fake.requests.filter(({ method }) => method === 'DELETE').map(({ path }) => path).sort();
    expect(deletes).toEqual(['/call/call-old-1', '/call/call-old-2']);

    // A later look the same day, by any process, does nothing.
    await purgers[0].app.get(RetentionPurge).runToday(new Date());
    expect(await client.leadActivity.count({ where: { type: 'retention_purged' } })).toBe(1);

    // A purge that fails gives its day back: the next check, here or in another process, runs it.
    const retention = purgers[0].app.get(RetentionPurge);
    const dayAfterTomorrow = new Date(Date.now() + 2 * DAY_MS);
    jest.spyOn(retention, 'purge').mockRejectedValueOnce(new Error('The database went away'));
    await expect(retention.runToday(dayAfterTomorrow)).rejects.toThrow('The database went away');
    expect(await client.dailyRun.count()).toBe(1);
    await retention.runToday(dayAfterTomorrow);
    expect(await client.dailyRun.count({ where: { outcome: { not: null } } })).toBe(2);
  });

  it('purges what was said in chats begun before the retention, here and at Vapi, keeping who spoke and when', async () => {
    // The previous test's instances go first: SQLite's one writer would keep this one's migrations waiting.
    for (const running of apps.splice(0)) await running.close();
    fake.chats.outcome = () => ({ structuredOutputs: { [LEAD_OUTPUT_ID]: { name: 'Lead Desk lead', result: { name: 'Kavya Iyer', phone: '+919860000402' } } } });
    const app = await start({ RETENTION_DAYS: '30', VAPI_ASSISTANT_ID: 'assistant-1', TRUST_PROXY: 'true' });
    const baseUrl = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    const client = app.app.get(Database).client;
    /** A finished chat of one message: its Vapi session id. */
    const chatAndEnd = async (text: string, address: string) => {
      const { events } = await chat(baseUrl, { text }, address);
      const { sessionId } = sessionOf(events);
      const ended = await fetch(`${baseUrl}/api/chat/sessions/${sessionId}/end`, { method: 'POST', headers: { 'X-Forwarded-For': address } });
      expect(ended.status).toBe(202);
      for (let tries = 0; tries < 100 && (await client.chatSession.findUniqueOrThrow({ where: { vapiSessionId: sessionId } })).state !== 'finished'; tries += 1) await sleep(100);
      return sessionId;
    };
    const old = await chatAndEnd('Any 3 BHK in Chennai?', '10.9.0.1');
    const recent = await chatAndEnd('Still looking in Chennai', '10.9.0.2');
    await client.chatSession.update({ where: { vapiSessionId: old }, data: { startedAt: new Date(Date.now() - 31 * DAY_MS) } });

    const purged = await app.app.get(RetentionPurge).purge(new Date());
    expect(purged).toEqual({ calls: 0, leads: 0, whatsappMessages: 0, chats: 1 });

    const sessions = await client.chatSession.findMany({ orderBy: { startedAt: 'asc' } });
    expect(sessions.map(({ vapiSessionId, result }) => ({ vapiSessionId, result: result !== null }))).toEqual([
      { vapiSessionId: old, result: false },
      { vapiSessionId: recent, result: true },
    ]);
    const leadId = sessions[0].leadId!;
    expect(sessions[1].leadId).toBe(leadId);
    const entries = await client.leadActivity.findMany({ where: { leadId, type: 'chat' } });
    const said = Object.fromEntries(entries.map(({ data }) => JSON.parse(data) as ActivityData<'chat'>).map((chat) => [chat.vapiSessionId, chat.messages]));
    expect(said[old].map(({ role, text }) => ({ role, text }))).toEqual([
      { role: 'visitor', text: null },
      { role: 'agent', text: null },
    ]);
    expect(said[old].every(({ at }) => at !== null)).toBe(true);
    expect(said[recent][0]).toMatchObject({ role: 'visitor', text: 'Still looking in Chennai' });
    expect(await client.webhookEvent.findMany({ where: { channel: 'chat' }, select: { externalId: true } })).toEqual([{ externalId: recent }]);

    const purges = await client.leadActivity.findMany({ where: { leadId, type: 'retention_purged' } });
    expect(purges.map(({ data }) => JSON.parse(data))).toEqual([{ callIds: [], chatSessionIds: [sessions[0].id] }]);
    expect(await client.accessLogEntry.count({ where: { action: 'retention_purged', targetIds: { contains: sessions[0].id } } })).toBe(1);

    for (let tries = 0; tries < 100 && !fake.chats.deletedSessions.has(old); tries += 1) await sleep(100);
    expect([...fake.chats.deletedSessions]).toEqual([old]);
    for (let tries = 0; tries < 100 && (await client.vapiDeletion.count({ where: { resource: 'session', confirmedAt: null } })) > 0; tries += 1) await sleep(100);
    expect(await client.vapiDeletion.findMany({ where: { resource: 'session' }, select: { vapiId: true, reason: true, confirmation: true } })).toEqual([
      { vapiId: old, reason: 'retention', confirmation: JSON.stringify({ status: 200, sessionStatus: 'completed' }) },
    ]);
  });
});
