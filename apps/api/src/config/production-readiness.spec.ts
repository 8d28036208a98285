import { loadAppConfig } from './app-config';
import { productionGaps, productionRisks } from './production-readiness';

const READY = {
  NODE_ENV: 'production',
  VAPI_WEBHOOK_SECRET: 'webhook-secret',
  SESSION_SECRET: 'x'.repeat(32),
  PRIVACY_HASH_SALT: 'y'.repeat(16),
  ADMIN_EMAIL: 'admin@example.in',
  ADMIN_PASSWORD: 'a long enough password',
};

describe('productionGaps', () => {
  it('finds nothing missing when every secret and an admin are given', () => {
    expect(productionGaps(loadAppConfig(READY), false)).toEqual([]);
  });

  it.each([
    ['VAPI_WEBHOOK_SECRET', /^VAPI_WEBHOOK_SECRET/],
    ['SESSION_SECRET', /^SESSION_SECRET/],
    ['PRIVACY_HASH_SALT', /^PRIVACY_HASH_SALT/],
    ['ADMIN_EMAIL', /^ADMIN_EMAIL and ADMIN_PASSWORD/],
    ['ADMIN_PASSWORD', /^ADMIN_EMAIL and ADMIN_PASSWORD/],
  ])('names %s when it is missing', (variable, named) => {
    const { [variable as keyof typeof READY]: _, ...rest } = READY;
    const gaps = productionGaps(loadAppConfig(rest), false);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(named);
  });

  it('takes an HMAC credential instead of VAPI_WEBHOOK_SECRET, and names both when neither is set', () => {
    const { VAPI_WEBHOOK_SECRET: _, ...withoutSecret } = READY;
    expect(productionGaps(loadAppConfig({ ...withoutSecret, VAPI_WEBHOOK_HMAC_SECRET: 'hmac-secret' }), false)).toEqual([]);
    expect(productionGaps(loadAppConfig(withoutSecret), false)).toEqual([expect.stringContaining('or VAPI_WEBHOOK_HMAC_SECRET')]);
  });

  it('accepts an admin that already exists instead of ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    expect(productionGaps(loadAppConfig({ NODE_ENV: 'production', VAPI_WEBHOOK_SECRET: 's', SESSION_SECRET: 'x'.repeat(32), PRIVACY_HASH_SALT: 'y'.repeat(16) }), true)).toEqual([]);
  });

  it('names every gap at once', () => {
    expect(productionGaps(loadAppConfig({ NODE_ENV: 'production' }), false)).toHaveLength(4);
  });

  it('asks nothing of a development start, and closes the dashboard in production by default', () => {
    expect(productionGaps(loadAppConfig({}), false)).toEqual([]);
    expect(loadAppConfig({}).AUTH_MODE).toBe('open');
    expect(loadAppConfig(READY).AUTH_MODE).toBe('staff');
  });
});

describe('productionRisks', () => {
  it('names each protection a production start was told to leave off', () => {
    expect(productionRisks(loadAppConfig(READY))).toEqual([]);
    expect(productionRisks(loadAppConfig({ ...READY, AUTH_MODE: 'open', DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: 'true', COOKIE_SECURE: 'false' }))).toEqual([
      expect.stringMatching(/^AUTH_MODE=open with DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true: anyone who reaches the app/),
      expect.stringMatching(/^COOKIE_SECURE=false: /),
    ]);
  });

  it('sees none outside production', () => {
    expect(productionRisks(loadAppConfig({ AUTH_MODE: 'open', COOKIE_SECURE: 'false' }))).toEqual([]);
  });
});
