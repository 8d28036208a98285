import { InvalidConfigError, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('has working defaults', () => {
    const config = loadAppConfig({});
    expect(config).toMatchObject({ PORT: 3000, DEMO_DATA: true, APP_TIME_ZONE: 'Asia/Kolkata', DEFAULT_PHONE_REGION: 'IN', IMPORT_MAX_BYTES: 20 * 1024 * 1024 });
    // Stopping: no drain unless a load balancer needs one; 30 s for what is in flight.
    expect(config).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 0, SHUTDOWN_TIMEOUT_SECONDS: 30 });
    expect(config.DATABASE_URL).toMatch(/^file:.*data[/\\]leads\.db$/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/leads'],
    ['DEMO_DATA', 'perhaps'],
    ['APP_TIME_ZONE', 'Mars/Olympus'],
    ['DEFAULT_PHONE_REGION', 'India'],
    ['IMPORT_MAX_BYTES', '-1'],
    ['AUTH_MODE', 'closed'],
    ['SESSION_SECRET', 'short'],
    ['VAPI_WEBHOOK_HMAC_ALGORITHM', 'md5'],
    ['VAPI_WEBHOOK_HMAC_ENCODING', 'base32'],
    ['VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER', 'x signature'],
    ['VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT', '{timestamp}'],
    ['VAPI_WEBHOOK_MAX_AGE_SECONDS', '0'],
    ['VAPI_QUALIFIED_FROM', 'always'],
    ['CALLING_HOURS', '9-21'],
    ['CALLING_HOURS', '21:00-09:00'],
    ['CALLING_HOURS', '09:00-24:30'],
    ['WORKING_HOURS', '19:00-10:00'],
    ['CALENDAR_FEED_LIMIT_PER_MINUTE', '0'],
    ['CALLING_HOLIDAYS', '2026-01-26,26/01/2026'],
    ['REQUIRE_CONSENT', 'sometimes'],
    ['COOKIE_SECURE', 'maybe'],
    ['API_DOCS', 'public'],
    ['VAPI_RECORDING_HOSTS', 'https://storage.vapi.ai'],
    ['VAPI_RECORDING_HOSTS', 'storage.vapi.ai,*'],
    ['SIGN_IN_LOCK_MAX_MINUTES', '0'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
    ['SHUTDOWN_DRAIN_SECONDS', 'soon'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
  ])('stops on a bad %s, naming it', (variable, value) => {
    expect(() => loadAppConfig({ [variable]: value })).toThrow(InvalidConfigError);
    expect(() => loadAppConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('refuses an HMAC secret that is not base64 when the plan says it is', () => {
    expect(() => loadAppConfig({ VAPI_WEBHOOK_HMAC_SECRET: 'not base64!', VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64: 'true' })).toThrow(/VAPI_WEBHOOK_HMAC_SECRET: must be base64/);
    expect(loadAppConfig({ VAPI_WEBHOOK_HMAC_SECRET: Buffer.from('secret').toString('base64'), VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64: 'true' }).VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64).toBe(true);
  });

  it('reads the calling rules: hours in minutes of the day, holidays as dates, consent off by default', () => {
    expect(loadAppConfig({})).toMatchObject({ REQUIRE_CONSENT: false, CALLING_HOURS: { text: '09:00-21:00', startMinute: 540, endMinute: 1260 }, CALLING_HOLIDAYS: [] });
    const config = loadAppConfig({ CALLING_HOURS: '00:00-24:00', CALLING_HOLIDAYS: ' 2026-01-26, 2026-08-15 ', REQUIRE_CONSENT: 'true' });
    expect(config).toMatchObject({ REQUIRE_CONSENT: true, CALLING_HOURS: { startMinute: 0, endMinute: 1440 }, CALLING_HOLIDAYS: ['2026-01-26', '2026-08-15'] });
  });

  it('reads the working hours, CALLING_HOURS when unset', () => {
    expect(loadAppConfig({ CALLING_HOURS: '08:00-20:00' }).WORKING_HOURS).toEqual({ text: '08:00-20:00', startMinute: 480, endMinute: 1200 });
    expect(loadAppConfig({ CALLING_HOURS: '08:00-20:00', WORKING_HOURS: ' 10:00-19:00 ' }).WORKING_HOURS).toEqual({ text: '10:00-19:00', startMinute: 600, endMinute: 1140 });
  });

  it('asks for PostgreSQL itself (DATABASE_DIRECT_URL) when DATABASE_URL goes through a pooler in transaction mode', () => {
    const pooled = 'postgresql://app@pgbouncer:6432/leads?schema=desk&pgbouncer=true';
    const direct = 'postgresql://app@postgres:5432/leads?schema=desk';
    expect(() => loadAppConfig({ DATABASE_URL: pooled })).toThrow(/^Invalid configuration:\n  DATABASE_DIRECT_URL: must name PostgreSQL itself when DATABASE_URL goes through a pooler/);
    expect(loadAppConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }).DATABASE_DIRECT_URL).toBe(direct);
    expect(() => loadAppConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: pooled })).toThrow(/DATABASE_DIRECT_URL: names a pooler \(pgbouncer=true\)/);
    expect(() => loadAppConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'postgresql://app@postgres:5432/leads?schema=other' })).toThrow(/DATABASE_DIRECT_URL: names schema "other" and DATABASE_URL "desk"/);
    expect(() => loadAppConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'postgresql://app@postgres:5432/other?schema=desk' })).toThrow(/DATABASE_DIRECT_URL: names database "other" and DATABASE_URL "leads"/);
    expect(() => loadAppConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL: needs DATABASE_URL on PostgreSQL/);
  });

  it('refuses AUTH_MODE=open in production, naming the variable that would allow it', () => {
    const production = { NODE_ENV: 'production', AUTH_MODE: 'open' };
    expect(() => loadAppConfig(production)).toThrow(InvalidConfigError);
    expect(() => loadAppConfig(production)).toThrow(/^Invalid configuration:\n  AUTH_MODE: open is refused in production \(NODE_ENV=production\)/);
    expect(() => loadAppConfig(production)).toThrow(/Set AUTH_MODE=staff, or DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true if an open dashboard is really meant\.$/);
    expect(() => loadAppConfig({ ...production, DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: 'false' })).toThrow(InvalidConfigError);
    expect(loadAppConfig({ ...production, DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: 'true' }).AUTH_MODE).toBe('open');
    expect(loadAppConfig({ AUTH_MODE: 'open' }).AUTH_MODE).toBe('open');
  });

  it('marks the session cookie Secure and hides the docs in production unless told otherwise', () => {
    expect(loadAppConfig({})).toMatchObject({ COOKIE_SECURE: false, API_DOCS: true });
    expect(loadAppConfig({ NODE_ENV: 'production' })).toMatchObject({ COOKIE_SECURE: true, API_DOCS: false });
    expect(loadAppConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', API_DOCS: 'true' })).toMatchObject({ COOKIE_SECURE: false, API_DOCS: true });
  });

  it("follows recordings to Vapi's storage hosts by default, or to the hosts listed", () => {
    expect(loadAppConfig({}).VAPI_RECORDING_HOSTS).toEqual(['storage.vapi.ai', '*.r2.cloudflarestorage.com', '*.supabase.co']);
    expect(loadAppConfig({ VAPI_RECORDING_HOSTS: ' Recordings.Example.com , *.bucket.example.net ' }).VAPI_RECORDING_HOSTS).toEqual(['recordings.example.com', '*.bucket.example.net']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadAppConfig({ PORT: '' }).PORT).toBe(3000);
  });
});
