import { randomBytes } from 'node:crypto';
import { CALLBACK_CONSENT_WORDING } from '@lead-desk/contracts';
import { vapiHmacHeaders, type RecordedVapiRequest } from '@lead-desk/test-support';
import { expect, test } from '@playwright/test';
import { endOfCallReport } from '../../apps/api/test/fixtures/vapi-messages';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { dashboard, leadCard, signInLive } from '../support/dashboard-page';
import { uniqueMobile, uniqueTag } from '../support/leads-api';
import { voiceRequests } from '../support/voice-platform-control';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password' };
const WEBHOOK_HMAC_SECRET = 'speed-to-lead-e2e-hmac-secret';

// An app whose agent calls every new lead at once, through the fake voice platform global-setup started; no demo leads, so the speed figures are this test's.
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({
    AUTH_MODE: 'staff',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'false',
    AUTO_CALLBACK: 'true',
    AUTO_CALLBACK_DELAY_SECONDS: '0',
    VAPI_API_URL: process.env.E2E_VOICE_URL!,
    VAPI_PRIVATE_KEY: 'speed-private-key',
    VAPI_ASSISTANT_ID: 'speed-assistant',
    VAPI_PHONE_NUMBER_ID: 'speed-phone-number',
    VAPI_WEBHOOK_HMAC_SECRET: WEBHOOK_HMAC_SECRET,
  });
});
test.afterAll(() => stopApp(app));

test('a visitor’s callback request becomes a lead live, the agent calls it at once, the call qualifies it, and the speed panel counts it', async ({ page }) => {
  await signInLive(page, app.url, ADMIN);

  // The visitor asks for a callback from the explorer.
  const name = `${uniqueTag()} Rohan Desai`;
  const mobile = uniqueMobile();
  const demo = page.getByRole('region', { name: 'Customer Property Demo' });
  await demo.getByRole('button', { name: 'Request a callback', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Request a callback' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill(mobile);
  await form.getByLabel(CALLBACK_CONSENT_WORDING).check();
  await form.getByRole('button', { name: 'Request a callback' }).click();
  await expect(form.getByRole('status')).toHaveText('Our agent will call you in about a minute.');
  await form.getByRole('button', { name: 'Close' }).first().click();

  // The lead is on the right half without a reload, not qualified yet.
  const card = leadCard(page, name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('web form');
  await expect(card).toContainText('Unqualified');

  // The agent's call reached the voice platform, for this lead.
  let call: RecordedVapiRequest | undefined;
  await expect
    .poll(async () => {
      call = (await voiceRequests()).find(({ method, path, body }) => method === 'POST' && path === '/call' && (body as { customer?: { name?: string } }).customer?.name === name);
      return call?.callId;
    })
    .toBeTruthy();
  const { customer, assistantOverrides } = call!.body as { customer: { number: string }; assistantOverrides: { metadata: { leadId: string } } };

  // Vapi reports the call: the caller qualifies; the card says so, live.
  const report = endOfCallReport({
    callId: call!.callId!,
    number: customer.number,
    type: 'outboundPhoneCall',
    metadata: assistantOverrides.metadata,
    structuredData: { name, location: 'Pune', interestedIn: '3 BHK Apartment', budget: '95 Lakh', timeline: '3 months', qualified: true },
  });
  const bytes = JSON.stringify(report);
  const delivered = await fetch(`${app.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...vapiHmacHeaders(bytes, { secretKey: WEBHOOK_HMAC_SECRET }) }, body: bytes });
  expect(delivered.status).toBe(200);
  await expect(card).toContainText('Qualified');
  await expect(card).not.toContainText('Unqualified');

  // The speed panel counts it: one new lead today, called within a minute, none waiting.
  await dashboard(page).getByRole('button', { name: 'Speed to lead' }).click();
  const speed = page.getByRole('dialog', { name: 'Speed to lead' });
  const tile = (label: string) => speed.locator('.stat-tile', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(tile('New leads')).toHaveText('1');
  await expect(tile('Called within 1 min')).toHaveText('100%');
  await expect(speed.getByRole('table', { name: 'By source' })).toContainText('web form');
});
