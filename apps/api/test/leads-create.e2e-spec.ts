import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';

describe.each(PROVIDERS)('POST /api/leads on %s', (provider) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(provider);
  });
  afterAll(() => testApp.close());

  const fieldsOf = (body: { errors: { field: string }[] }) => body.errors.map((error) => error.field).sort();

  it('creates a lead with a normalised phone, the given budget and web form as source', async () => {
    const response = await testApp.http
      .post('/api/leads')
      .send({ name: '  Meera Joshi ', email: 'Meera.Joshi@Example.IN', phone: '98765 43210', budget: 4500000, loan_needed: true })
      .expect(201);
    expect(response.body).toMatchObject({
      name: 'Meera Joshi',
      email: 'meera.joshi@example.in',
      phone: '+919876543210',
      budget: 4500000,
      loan_needed: true,
      qualified: false,
      source: 'web form',
      location: null,
      interestedIn: null,
      timeline: null,
    });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
    const stored = await testApp.http.get(`/api/leads/${response.body._id}`).expect(200);
    expect(stored.body).toEqual({ ...response.body, calls: [] });
  });

  it('returns a text budget as text and keeps an explicit source', async () => {
    const response = await testApp.http
      .post('/api/leads')
      .send({ name: 'Arjun Patel', budget: '45 Lakh', source: 'chat bot', qualified: true })
      .expect(201);
    expect(response.body).toMatchObject({ budget: '45 Lakh', source: 'chat bot', qualified: true });
  });

  it.each([
    ['100', 100],
    [' 4.50 ', 4.5],
    ['9007199254740991', 9007199254740991],
    ['1e+21', '1e+21'],
    ['-1', '-1'],
    [' ₹85 lakhs ', '₹85 lakhs'],
    ['007', '007'],
    ['', null],
    [0, 0],
  ])('reads the budget %j as %j, as the CSV import and the voice agent\'s reports read it', async (budget, stored) => {
    const response = await testApp.http.post('/api/leads').send({ name: 'Budget Reader', budget }).expect(201);
    expect(response.body.budget).toEqual(stored);
  });

  it.each([
    [-1, 'must not be negative'],
    [1e21, 'must be at most 9007199254740991'],
  ])('refuses the number budget %d with a 400 naming budget', async (budget, message) => {
    const response = await testApp.http.post('/api/leads').send({ name: 'Out Of Range', budget }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'budget', message }]);
  });

  it.each([
    [{}, ['name']],
    [{ name: '' }, ['name']],
    [{ name: 'x'.repeat(201) }, ['name']],
    [{ name: 42 }, ['name']],
    [{ name: 'A', email: 'not-an-email' }, ['email']],
    [{ name: 'A', phone: '12345' }, ['phone']],
    [{ name: 'A', qualified: 'yes' }, ['qualified']],
    [{ name: 'A', budget: { amount: 1 } }, ['budget']],
    [{ name: 'A', isAdmin: true }, ['isAdmin']],
    [{ email: 'bad', phone: '1', extra: 1 }, ['email', 'extra', 'name', 'phone']],
  ])('rejects %j with a 400 naming %j and stores nothing', async (body, fields) => {
    const before = (await testApp.http.get('/api/leads')).headers['x-total-count'];
    const response = await testApp.http.post('/api/leads').send(body).expect(400);
    expect(fieldsOf(response.body)).toEqual(fields);
    for (const error of response.body.errors) expect(error.message).toEqual(expect.any(String));
    expect((await testApp.http.get('/api/leads')).headers['x-total-count']).toBe(before);
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const response = await testApp.http.post('/api/leads').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });
});
