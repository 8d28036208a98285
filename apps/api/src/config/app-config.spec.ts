import { InvalidConfigError, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('has working defaults', () => {
    const config = loadAppConfig({});
    expect(config).toMatchObject({ PORT: 3000, DEMO_DATA: true, APP_TIME_ZONE: 'Asia/Kolkata', DEFAULT_PHONE_REGION: 'IN', IMPORT_MAX_BYTES: 20 * 1024 * 1024 });
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
  ])('stops on a bad %s, naming it', (variable, value) => {
    expect(() => loadAppConfig({ [variable]: value })).toThrow(InvalidConfigError);
    expect(() => loadAppConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('treats an empty variable as unset', () => {
    expect(loadAppConfig({ PORT: '' }).PORT).toBe(3000);
  });
});
