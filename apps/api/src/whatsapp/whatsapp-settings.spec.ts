import { loadAppConfig } from '../config/app-config';
import { readWhatsappSettings, whatsappSendingSettings, whatsappWebhookSettings } from './whatsapp-settings';

const ALL = { WHATSAPP_ACCESS_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_APP_SECRET: 'app-secret', WHATSAPP_VERIFY_TOKEN: 'verify-me' };

describe('WhatsApp settings', () => {
  it('is off by default, naming the four variables to set; Graph URL and version have defaults', () => {
    const config = loadAppConfig({});
    expect(readWhatsappSettings(config)).toEqual({ ok: false, missing: Object.keys(ALL) });
    expect(config.WHATSAPP_GRAPH_URL).toBe('https://graph.facebook.com');
    expect(config.WHATSAPP_GRAPH_VERSION).toBe('v26.0');
    expect(config.WHATSAPP_RETRY_SECONDS).toBe(30);
  });

  it('is on once all four are set, the URL without its trailing slash', () => {
    expect(readWhatsappSettings(loadAppConfig({ ...ALL, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4000/', WHATSAPP_GRAPH_VERSION: 'v23.0' }))).toEqual({
      ok: true,
      settings: { graphUrl: 'http://127.0.0.1:4000', graphVersion: 'v23.0', accessToken: 'EAAG-token', phoneNumberId: '106540352242922', appSecret: 'app-secret', verifyToken: 'verify-me' },
    });
  });

  it('answers the webhook 404 and a send 503 while one is missing, naming it', () => {
    const config = loadAppConfig({ ...ALL, WHATSAPP_VERIFY_TOKEN: '' });
    expect(() => whatsappWebhookSettings(config)).toThrow('WhatsApp is not configured: set WHATSAPP_VERIFY_TOKEN.');
    expect(() => whatsappWebhookSettings(config)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => whatsappSendingSettings(config)).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('refuses a phone number id or version Meta would not give, naming the variable', () => {
    expect(() => loadAppConfig({ WHATSAPP_PHONE_NUMBER_ID: '+91 98765 43210' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: must be the phone number ID Meta gives/);
    expect(() => loadAppConfig({ WHATSAPP_GRAPH_VERSION: '23' })).toThrow(/WHATSAPP_GRAPH_VERSION: must be a Graph API version/);
  });
});
