import { randomBytes } from 'node:crypto';
import type { Lead, StaffProfile } from '@lead-desk/contracts';
import { FakeWhatsappCloudApi } from '@lead-desk/test-support';
import { expect, test, type Locator } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { staffModeEnv, startApp, stopApp, type RunningApp } from '../support/app-process';
import { openLive, signInLive } from '../support/dashboard-page';
import { uniqueMobile, uniqueTag } from '../support/leads-api';
import { staffApi } from '../support/staff-api';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password', name: 'Administrator' };
/** The business number the fake Cloud API and the app share (Meta's ids are digits). */
const BUSINESS_NUMBER = { version: 'v23.0', accessToken: 'EAAG-e2e-whatsapp-token', phoneNumberId: '106540352242922', displayPhoneNumber: '15550783881', accountId: '419561257915477', appSecret: randomBytes(16).toString('hex') };

// WhatsApp on, against the fake Cloud API; staff mode, so the lead has an owner to tell.
let cloudApi: FakeWhatsappCloudApi;
let app: RunningApp;
test.beforeAll(async () => {
  cloudApi = new FakeWhatsappCloudApi(BUSINESS_NUMBER);
  await cloudApi.start();
  app = await startApp({
    ...staffModeEnv(ADMIN),
    WHATSAPP_GRAPH_URL: cloudApi.url,
    WHATSAPP_GRAPH_VERSION: BUSINESS_NUMBER.version,
    WHATSAPP_ACCESS_TOKEN: BUSINESS_NUMBER.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: BUSINESS_NUMBER.phoneNumberId,
    WHATSAPP_APP_SECRET: BUSINESS_NUMBER.appSecret,
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  });
  // The fake posts the person's messages and our messages' statuses, signed, to the app's webhook.
  cloudApi.webhookUrl = `${app.url}/api/webhooks/whatsapp`;
});
test.afterAll(async () => {
  await stopApp(app);
  await cloudApi.stop();
});

const messages = (section: Locator) => section.getByTestId('whatsapp-message');

test('the lead’s WhatsApp conversation on its details: an incoming message live with a notice to its owner, a reply that reaches WhatsApp, its statuses live', async ({ page }) => {
  await signInLive(page, app.url, ADMIN);
  const api = await staffApi(page, app.url);
  const me = await api.get<StaffProfile>('/api/staff/me');
  const phone = uniqueMobile();
  const waId = phone.slice(1);
  const lead = await api.post<Lead>('/api/leads', { name: `${uniqueTag()} Kavya Menon`, phone, location: 'Bengaluru' });
  await api.patch<Lead>(`/api/leads/${lead._id}`, { ownerId: me.id });
  await api.post(`/api/leads/${lead._id}/consents`, { purpose: 'whatsapp', wording: 'Yes, message me on WhatsApp', note: 'Asked on the phone' });
  // A template approved in WhatsApp Manager, registered here by an admin.
  cloudApi.approveTemplate({ name: 'price_update', language: 'en', bodyParameters: 1 });
  await api.post('/api/whatsapp/templates', { name: 'price_update', language: 'en', variables: [{ key: 'offer', source: 'custom' }], body: 'Good news, {{1}}' });

  // Her message is told to the page live: the stream is up before she writes.
  await openLive(page, `${app.url}/?lead=${lead._id}`);
  const details = page.getByRole('dialog', { name: lead.name });
  const whatsapp = details.getByRole('region', { name: 'WhatsApp' });
  await expect(whatsapp.getByText('No WhatsApp messages yet.')).toBeVisible();
  await expect(whatsapp).toContainText('A template is needed: WhatsApp allows free text only within 24 hours of the person’s last message, and they have not written on WhatsApp yet.');

  // Before she ever wrote, only a template goes: its custom variable typed in the box.
  await whatsapp.getByLabel('Template').selectOption({ label: 'price_update (en)' });
  await whatsapp.getByLabel('offer').fill('5% off until Sunday');
  expect(await seriousViolations(page, '.lead-whatsapp')).toEqual([]);
  await whatsapp.getByRole('button', { name: 'Send template' }).click();
  await expect(messages(whatsapp)).toHaveCount(1);
  await expect(messages(whatsapp).first()).toContainText('Good news, 5% off until Sunday');
  expect(cloudApi.sentTo(waId).map(({ body }) => body)).toEqual([
    expect.objectContaining({ type: 'template', template: expect.objectContaining({ name: 'price_update', components: [{ type: 'body', parameters: [{ type: 'text', text: '5% off until Sunday' }] }] }) }),
  ]);

  // Kavya writes: Meta posts it, signed, to the webhook; it shows in the open details, and its owner is told.
  const incoming = await cloudApi.personWrites({ from: waId, text: 'Is the 3BHK in Whitefield still available?', profileName: 'Kavya' });
  expect(incoming.status).toBe(200);
  await expect(messages(whatsapp)).toHaveCount(2);
  // Meta's timestamps are whole seconds: her message and our template may share one, so it is found by its words.
  await expect(messages(whatsapp).filter({ hasText: 'Is the 3BHK in Whitefield still available?' })).toContainText('They wrote');
  const notice = page.getByRole('region', { name: 'New WhatsApp messages' }).getByRole('article');
  await expect(notice).toHaveText(`WhatsApp from ${lead.name}: Is the 3BHK in Whitefield still available?`);

  // Her message opened the 24-hour window: the box takes free text, and the reply reaches WhatsApp.
  const box = whatsapp.getByLabel('Reply on WhatsApp');
  await box.fill('Yes! Shall we visit on Saturday at 11?');
  await whatsapp.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messages(whatsapp)).toHaveCount(3);
  await expect(box).toHaveValue('');
  expect(cloudApi.sentTo(waId).slice(1).map(({ body }) => body)).toEqual([
    expect.objectContaining({ messaging_product: 'whatsapp', to: waId, type: 'text', text: expect.objectContaining({ body: 'Yes! Shall we visit on Saturday at 11?' }) }),
  ]);
  const ours = messages(whatsapp).last();
  await expect(ours).toContainText('Yes! Shall we visit on Saturday at 11?');
  // Meta's statuses come by the webhook and show live: sent (the fake reports it at once), delivered, read.
  await expect(ours).toContainText('Sent');
  const [, atMeta] = cloudApi.sentTo(waId);
  expect(await cloudApi.report(atMeta.id, 'delivered')).toBe(200);
  await expect(ours).toContainText('Delivered');
  expect(await cloudApi.report(atMeta.id, 'read')).toBe(200);
  await expect(ours).toContainText('Read');
  expect(await seriousViolations(page, '.lead-whatsapp')).toEqual([]);
  expect(await seriousViolations(page, '.page-notices')).toEqual([]);
  // Her message and our reply are on the lead's timeline too.
  await expect(details.getByRole('region', { name: 'Activity' })).toContainText('WhatsApp message sent: “Yes! Shall we visit on Saturday at 11?”');
  await expect(details.getByRole('region', { name: 'Activity' })).toContainText('WhatsApp message received: “Is the 3BHK in Whitefield still available?”');
});
