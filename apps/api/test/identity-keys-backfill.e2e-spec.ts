import { Database } from '../src/database/database';
import { emailIdentityKey } from '../src/leads/identity/email-identity-key';
import { locationKey } from '../src/leads/identity/location-key';
import { nameKey } from '../src/leads/identity/person-name';
import { IdentityKeysBackfill } from '../src/leads/identity/identity-keys-backfill';
import { queryRows } from './support/database-rows';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

/** Leads as an older release stored them: no identity keys. */
const OLD_LEADS: { id: string; name: string; email?: string; location: string | null; createdAt: string }[] = [
  { id: 'old-01', name: 'Siddharth Kulkarni', location: 'Andheri West', createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 'old-02', name: 'Sidharth  Kulkarni', location: 'andheri west', createdAt: '2026-01-02T00:00:00.000Z' },
  { id: 'old-03', name: 'Siddharth Kulkarni', location: 'Baner', createdAt: '2026-01-03T00:00:00.000Z' },
  { id: 'old-04', name: 'Kulkarni', location: 'Andheri West', createdAt: '2026-01-04T00:00:00.000Z' },
  { id: 'old-05', name: 'राहुल वर्मा', location: 'Pune', createdAt: '2026-01-05T00:00:00.000Z' },
  { id: 'old-06', name: 'राहुल वर्मा', location: 'Pune', createdAt: '2026-01-06T00:00:00.000Z' },
  { id: 'old-07', name: 'Meera Iyer', email: 'meera.iyer@gmail.com', location: 'Chennai', createdAt: '2026-01-07T00:00:00.000Z' },
  { id: 'old-08', name: 'Meera', email: 'meeraiyer+flats@googlemail.com', location: 'Adyar', createdAt: '2026-01-08T00:00:00.000Z' },
  { id: 'old-09', name: 'Kavya', email: 'kavya@example.in', location: null, createdAt: '2026-01-09T00:00:00.000Z' },
];

/**
 * The upgrade to identity keys leaves a progress row for the leads stored before it; the API
 * gives each its name_key and compares it for a close name in the same location, a batch at a
 * time, shared by every process on the database and done once.
 */
describe.each(PROVIDERS)('the name keys of leads stored before identity keys, on %s', (provider) => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp(provider);
    // Several API processes share a PostgreSQL; SQLite has one (the second backfill then runs in it).
    second = provider === 'postgresql' ? await startTestApp(provider, {}, first.database) : first;
    const db = first.app.get(Database).client;
    await db.lead.createMany({ data: OLD_LEADS.map((lead) => ({ ...lead, createdAt: new Date(lead.createdAt), updatedAt: new Date(lead.createdAt) })) });
    await db.appSetting.create({ data: { key: 'identity_keys_backfill', value: JSON.stringify({ after: '', until: 'old-09' }) } });
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  it('keys every stored lead once, pairs one Gmail mailbox written two ways and the close names of one location, and leaves no progress behind', async () => {
    await Promise.all([first.app.get(IdentityKeysBackfill).runToEnd(), second.app.get(IdentityKeysBackfill).runToEnd()]);

    const keys = await queryRows<{ id: string; email_key: string | null; name_key: string | null; location_key: string | null; version: number }>(
      first.database,
      `SELECT id, email_key, name_key, location_key, version FROM leads ORDER BY id`,
    );
    expect(keys).toEqual(
      OLD_LEADS.map(({ id, name, email, location }) => ({ id, email_key: email ? emailIdentityKey(email) : null, name_key: nameKey(name), location_key: locationKey(location), version: 1 })),
    );
    const pairs = await queryRows<{ lead_id: string; other_lead_id: string; reason: string }>(
      first.database,
      `SELECT lead_id, other_lead_id, reason FROM lead_duplicates ORDER BY lead_id, other_lead_id`,
    );
    expect(pairs).toEqual([
      { lead_id: 'old-02', other_lead_id: 'old-01', reason: 'close_name_same_location' },
      { lead_id: 'old-06', other_lead_id: 'old-05', reason: 'close_name_same_location' },
      { lead_id: 'old-08', other_lead_id: 'old-07', reason: 'gmail_variant' },
    ]);
    // Nothing was written to those leads: their timelines are as they were.
    expect(await queryRows(first.database, `SELECT id FROM lead_activities`)).toEqual([]);
    expect(await queryRows(first.database, `SELECT key FROM app_settings WHERE key = 'identity_keys_backfill'`)).toEqual([]);
  });
});
