import { errorBodySchema, type ErrorBody } from '@lead-desk/contracts';
import request from 'supertest';
import { z } from 'zod';
import { startTestApp, type TestApp } from './support/test-app';

const ADMIN = { email: 'admin@example.in', password: 'correct horse battery staple' };
const SECRET = 'webhook-secret-for-error-bodies';
/** The contracts' error body and nothing else: a field no contract names is a leak or a hand-built body. */
const exactErrorBody = z.strictObject(errorBodySchema.shape);

describe('error bodies', () => {
  let testApp: TestApp;
  let admin: ReturnType<typeof request.agent>;
  let csrf: string;

  beforeAll(async () => {
    testApp = await startTestApp('sqlite', {
      AUTH_MODE: 'staff',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIGN_IN_LIMIT_PER_MINUTE: '1000',
      VAPI_WEBHOOK_SECRET: SECRET,
    });
    admin = request.agent(testApp.app.getHttpServer());
    csrf = (await admin.post('/api/auth/sign-in').send(ADMIN).expect(200)).body.csrfToken;
  });
  afterAll(() => testApp.close());

  /** The answer's status and body, once the body is shown to be exactly the contracts' error body. */
  async function errorOf(pending: request.Test): Promise<{ status: number } & ErrorBody> {
    const response = await pending;
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return { status: response.status, ...exactErrorBody.parse(response.body) };
  }

  it('answers every kind of client mistake with the error body, in the words it always used', async () => {
    const noPhone = (await admin.post('/api/leads').set('X-CSRF-Token', csrf).send({ name: 'No Phone' }).expect(201)).body._id;
    const adminId = (await admin.get('/api/auth/me').expect(200)).body.staff.id;
    const cases: [request.Test, { status: number } & ErrorBody][] = [
      [testApp.http.get('/api/leads'), { status: 401, statusCode: 401, error: 'Unauthorized', message: 'Sign in to continue.' }],
      [admin.post('/api/leads').send({ name: 'No Token' }), { status: 403, statusCode: 403, error: 'Forbidden', message: 'Missing or invalid CSRF token (X-CSRF-Token).' }],
      [testApp.http.post('/api/auth/sign-in').send({ ...ADMIN, password: 'wrong guess' }), { status: 401, statusCode: 401, error: 'Unauthorized', message: 'Wrong email or password.' }],
      [admin.get('/api/nope'), { status: 404, statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/nope' }],
      [admin.get('/api/leads/no-such-lead'), { status: 404, statusCode: 404, error: 'Not Found', message: 'No lead with id no-such-lead.' }],
      [admin.get('/api/calls/no-such-call'), { status: 404, statusCode: 404, error: 'Not Found', message: 'No call with id no-such-call.' }],
      [
        admin.get('/api/leads/not%20an%20id'),
        {
          status: 400,
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid id: must be 1 to 64 letters, digits, "-" or "_"',
          errors: [{ field: 'id', message: 'must be 1 to 64 letters, digits, "-" or "_"' }],
        },
      ],
      [
        admin.get('/api/leads?limit=0&status=won'),
        {
          status: 400,
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid status, limit: must be all, qualified or unqualified; must be at least 1',
          errors: [
            { field: 'status', message: 'must be all, qualified or unqualified' },
            { field: 'limit', message: 'must be at least 1' },
          ],
        },
      ],
      [
        admin.post('/api/leads').set('X-CSRF-Token', csrf).send({ name: ' ', phone: '12' }),
        {
          status: 400,
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid name, phone: is required; is not a valid phone number',
          errors: [
            { field: 'name', message: 'is required' },
            { field: 'phone', message: 'is not a valid phone number' },
          ],
        },
      ],
      [
        admin.post('/api/leads').set('X-CSRF-Token', csrf).set('Content-Type', 'application/json').send('{"name":'),
        { status: 400, statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^The request body is not valid JSON: /) },
      ],
      [
        admin.post('/api/calls').set('X-CSRF-Token', csrf).send({ leadId: noPhone }),
        { status: 400, statusCode: 400, error: 'Bad Request', message: 'No phone number found.', errors: [{ field: 'phone', message: 'No phone number found.' }] },
      ],
      [
        admin.post('/api/staff').set('X-CSRF-Token', csrf).send({ email: ADMIN.email, name: 'Twin', role: 'agent', password: 'a long enough password' }),
        { status: 409, statusCode: 409, error: 'Conflict', message: `A staff account for ${ADMIN.email} exists already.`, errors: [{ field: 'email', message: 'is taken' }] },
      ],
      [admin.delete(`/api/staff/${adminId}`).set('X-CSRF-Token', csrf), { status: 409, statusCode: 409, error: 'Conflict', message: 'You cannot remove your own account.' }],
      [
        testApp.http.post('/api/webhooks/vapi').send({ message: { type: 'status-update' } }),
        { status: 401, statusCode: 401, error: 'Unauthorized', message: 'Missing or wrong webhook secret.' },
      ],
    ];
    for (const [pending, expected] of cases) expect(await errorOf(pending)).toEqual(expected);
  });

  it('answers a server-side failure with the error body too', async () => {
    const leadId = (await admin.post('/api/leads').set('X-CSRF-Token', csrf).send({ name: 'Caller', phone: '+919876543210' }).expect(201)).body._id;
    expect(await errorOf(admin.post('/api/calls').set('X-CSRF-Token', csrf).send({ leadId }))).toEqual({
      status: 503,
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Outbound calls are not configured: set VAPI_PRIVATE_KEY, VAPI_ASSISTANT_ID, VAPI_PHONE_NUMBER_ID.',
    });
  });
});
