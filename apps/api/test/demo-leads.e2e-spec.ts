import { DemoLeadsSeeder } from '../src/leads/demo/demo-leads.seeder';
import { DEMO_LEADS } from '../src/leads/demo/demo-leads';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('demo leads on %s', (provider) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  it('fill an empty database once, through the leads repository, half this month and half last month', async () => {
    const seeder = testApp.app.get(DemoLeadsSeeder);
    expect(await seeder.seedIfEmpty()).toBe(DEMO_LEADS.length);
    expect(await seeder.seedIfEmpty()).toBe(0);

    const list = await testApp.http.get('/api/leads?limit=1000').expect(200);
    expect(Number(list.headers['x-total-count'])).toBe(DEMO_LEADS.length);
    const aarav = list.body.find((lead: { name: string }) => lead.name === 'Aarav Sharma');
    expect(aarav).toMatchObject({ email: 'aarav.sharma@example.in', phone: '+919876543210', budget: 18500000, loan_needed: true, qualified: true, source: 'voice bot' });
    const stats = (await testApp.http.get('/api/leads/stats').expect(200)).body;
    expect(stats.thisMonth + stats.lastMonth).toBe(DEMO_LEADS.length);
    expect(stats.thisMonth).toBe(Math.ceil(DEMO_LEADS.length / 2));
  });
});
