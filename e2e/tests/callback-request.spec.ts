import { randomBytes } from 'node:crypto';
import { CALLBACK_CONSENT_WORDING, CALLBACK_WHATSAPP_OPT_IN_WORDING, type LeadConsent } from '@lead-desk/contracts';
import { expect, test } from '@playwright/test';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { leadCard, signInLive } from '../support/dashboard-page';
import { uniqueMobile, uniqueTag } from '../support/leads-api';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password' };

// An app closed to staff: the visitor's half is public, the leads are the signed-in admin's.
let staffApp: RunningApp;
test.beforeAll(async () => {
  staffApp = await startApp({ AUTH_MODE: 'staff', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SESSION_SECRET: randomBytes(32).toString('hex') });
});
test.afterAll(() => stopApp(staffApp));

test('a visitor requests a callback about a property on the left half, and the lead appears live on the right half', async ({ page }) => {
  // The admin signs in on the right half; the live stream opens once the session does.
  await signInLive(page, staffApp.url, ADMIN);

  // The visitor, on the left half, asks about a villa from its card.
  const name = `${uniqueTag()} Kavya Menon`;
  const demo = page.getByRole('region', { name: 'Customer Property Demo' });
  await demo.getByRole('tab', { name: /^Villas \(\d+\)$/ }).click();
  await demo.getByRole('button', { name: 'Request a callback about Palm Grove Villa' }).click();
  const form = page.getByRole('dialog', { name: 'Request a callback' });
  await expect(form.getByLabel('Interested in')).toHaveValue('5');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill(uniqueMobile());
  await form.getByLabel(CALLBACK_CONSENT_WORDING).check();
  await form.getByRole('button', { name: 'Request a callback' }).click();
  // The agent does not call the form's leads here (AUTO_CALLBACK is off): a member of the team will.
  await expect(form.getByRole('status')).toHaveText('A member of our team will call you.');
  await form.getByRole('button', { name: 'Close' }).first().click();
  await expect(form).toBeHidden();

  // Without a reload, the lead is on the dashboard: from the web form, interested in the villa.
  const card = leadCard(page, name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('web form');
  await expect(card).toContainText('Palm Grove Villa');
});

test('a visitor who ticks the optional WhatsApp box gives a WhatsApp opt-in in its exact words, beside the consent to be called', async ({ page }) => {
  await signInLive(page, staffApp.url, ADMIN);
  const name = `${uniqueTag()} Meera Pillai`;
  const phone = uniqueMobile();
  const demo = page.getByRole('region', { name: 'Customer Property Demo' });
  await demo.getByRole('tab', { name: /^Villas \(\d+\)$/ }).click();
  await demo.getByRole('button', { name: 'Request a callback about Palm Grove Villa' }).click();
  const form = page.getByRole('dialog', { name: 'Request a callback' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill(phone);
  await form.getByLabel(CALLBACK_CONSENT_WORDING).check();
  const whatsapp = form.getByRole('checkbox', { name: CALLBACK_WHATSAPP_OPT_IN_WORDING });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await form.getByRole('button', { name: 'Request a callback' }).click();
  await expect(form.getByRole('status')).toHaveText('A member of our team will call you.');
  await form.getByRole('button', { name: 'Close' }).first().click();
  await expect(leadCard(page, name)).toBeVisible();

  // The admin's session reads the lead's consents: both boxes, each in the words shown.
  const [lead] = (await (await page.request.get(`${staffApp.url}/api/leads`, { params: { q: name } })).json()) as { _id: string }[];
  const consents = (await (await page.request.get(`${staffApp.url}/api/leads/${lead._id}/consents`)).json()) as LeadConsent[];
  expect(consents.map(({ purpose, wording, channel }) => ({ purpose, wording, channel })).sort((a, b) => a.purpose.localeCompare(b.purpose))).toEqual([
    { purpose: 'Calls about properties that match their enquiry', wording: CALLBACK_CONSENT_WORDING, channel: 'web_form' },
    { purpose: 'whatsapp', wording: CALLBACK_WHATSAPP_OPT_IN_WORDING, channel: 'web_form' },
  ]);
});
