import { FakeVapiServer } from '@lead-desk/test-support';
import { startApp, stopApp } from './app-process';

// The webhook's credential, as `pnpm vapi:setup` creates it: HMAC.
const WEBHOOK_HMAC_SECRET = 'e2e-webhook-hmac-secret';

/** Starts the fake voice platform and the real app once for all browser tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const voice = new FakeVapiServer();
  await voice.start();
  const app = await startApp({
    VAPI_PUBLIC_KEY: 'test-public-key',
    VAPI_ASSISTANT_ID: 'test-assistant',
    VAPI_WEB_API_URL: voice.url,
    VAPI_API_URL: voice.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    // Recordings come from the fake's storage, on its own address.
    VAPI_RECORDING_HOSTS: '127.0.0.1',
    VAPI_PHONE_NUMBER_ID: 'test-phone-number',
    VAPI_WEBHOOK_HMAC_SECRET: WEBHOOK_HMAC_SECRET,
  });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_API_LOG = app.logFile;
  process.env.E2E_VOICE_URL = voice.url;
  process.env.E2E_WEBHOOK_HMAC_SECRET = WEBHOOK_HMAC_SECRET;
  return async () => {
    await stopApp(app);
    await voice.stop();
  };
}
