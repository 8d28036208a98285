import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeWhatsappCloudApi } from '@lead-desk/test-support';
import type { DatabaseProvider } from '../../src/database/database-url';
import { startTestApp, type TestApp } from './test-app';

/** The business number the tests' fake Cloud API and app share. */
export const WHATSAPP_TEST_SETTINGS = {
  version: 'v23.0',
  accessToken: 'EAAG-whatsapp-token-for-tests',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '15550783881',
  accountId: '419561257915477',
  appSecret: 'whatsapp-app-secret-for-tests',
};
export const WHATSAPP_VERIFY_TOKEN = 'whatsapp-verify-token-for-tests';

/** WhatsApp on, sending to the fake; a failed try is tried again within a second, so a test sees the retries. */
export function whatsappEnv(cloudApi: FakeWhatsappCloudApi): Record<string, string> {
  return {
    WHATSAPP_GRAPH_URL: cloudApi.url,
    WHATSAPP_GRAPH_VERSION: WHATSAPP_TEST_SETTINGS.version,
    WHATSAPP_ACCESS_TOKEN: WHATSAPP_TEST_SETTINGS.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_SETTINGS.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP_TEST_SETTINGS.appSecret,
    WHATSAPP_VERIFY_TOKEN,
    WHATSAPP_RETRY_SECONDS: '0.2',
  };
}

/** A message of a lead's conversation as GET /api/leads/:id/whatsapp/messages answers it. */
export interface ConversationMessage {
  id: string;
  direction: string;
  type: string;
  text: string | null;
  template: { name: string; language: string; variables: string[] } | null;
  status: string;
  error: { code: number | null; reason: string } | null;
}

export interface WhatsappTestApp extends TestApp {
  cloudApi: FakeWhatsappCloudApi;
  url: string;
}

/** The app with WhatsApp on, against a fake Cloud API that posts its signed deliveries to the app's webhook. */
export async function startWhatsappTestApp(provider: DatabaseProvider, env: Record<string, string> = {}): Promise<WhatsappTestApp> {
  const cloudApi = new FakeWhatsappCloudApi(WHATSAPP_TEST_SETTINGS);
  await cloudApi.start();
  const testApp = await startTestApp(provider, { ...whatsappEnv(cloudApi), ...env });
  const url = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
  cloudApi.webhookUrl = `${url}/api/webhooks/whatsapp`;
  return {
    ...testApp,
    cloudApi,
    url,
    close: async () => {
      await testApp.close();
      await cloudApi.stop();
    },
  };
}

/** Reads until `done` says so (a delivery is applied after its 200), or fails naming what it waited for. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last read: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}
