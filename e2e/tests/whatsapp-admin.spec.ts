import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WhatsappAutomaticMessages, WhatsappTemplate } from '@lead-desk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { staffModeEnv, startApp, stopApp, type RunningApp } from '../support/app-process';
import { dashboard, signInLive } from '../support/dashboard-page';
import { uniqueTag } from '../support/leads-api';
import { staffApi } from '../support/staff-api';

const SCREENSHOTS = join(__dirname, '../test-results/screenshots');
const ADMIN = { email: 'admin@example.in', password: 'a long enough password', name: 'Administrator' };
const AGENT = { email: 'ravi@example.in', password: 'another long password', name: 'Ravi Kumar', role: 'agent' };

// Its own app: the automatic messages it turns on would otherwise reach every other test's visits.
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp(staffModeEnv(ADMIN));
});
test.afterAll(async () => {
  await stopApp(app);
});

async function openWhatsappDialog(page: Page) {
  // By keyboard: the dashboard's button, then Enter.
  const opener = dashboard(page).getByRole('button', { name: 'WhatsApp', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'WhatsApp' });
  await expect(dialog.getByRole('group', { name: 'Visit confirmation' })).toBeVisible();
  return { dialog, opener };
}

test('an admin registers a template and turns the visit confirmation on with it, by keyboard; both are kept after a reload, and the dialog passes axe in both themes', async ({ page }) => {
  const name = `visit_confirmation_${uniqueTag().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await page.emulateMedia({ colorScheme: 'light' });
  await signInLive(page, app.url, ADMIN);
  const { dialog, opener } = await openWhatsappDialog(page);
  await expect(dialog).toContainText('Nothing is sent until WhatsApp is configured on the server');

  const register = dialog.getByRole('region', { name: 'Register a template' });
  await register.getByLabel('Name').fill(name);
  await expect(register.getByLabel('Language')).toHaveValue('en');
  for (const [index, key, source] of [
    [1, 'name', 'Lead’s name (lead.name)'],
    [2, 'map', 'Map link to the meeting point (property.mapLink)'],
    [3, 'when', 'Site visit’s time (visit.time)'],
  ] as const) {
    await register.getByRole('button', { name: 'Add a variable' }).press('Enter');
    const variable = register.getByRole('group', { name: `Variable {{${index}}}` });
    await variable.getByLabel('Key').fill(key);
    await variable.getByLabel('Filled from').selectOption({ label: source });
  }
  // The approved body names the time before the map.
  await register.getByRole('button', { name: 'Move {{3}} up' }).press('Enter');
  await register.getByLabel('Body as approved (optional)').fill('Hi {{1}}, your visit is on {{2}}. Directions: {{3}}');
  await register.getByLabel('Body as approved (optional)').press('Tab');
  await expect(register.getByRole('button', { name: 'Register template' })).toBeFocused();
  await page.keyboard.press('Enter');

  const card = dialog.getByRole('article', { name: `${name} (en)` });
  await expect(card.getByRole('listitem')).toHaveText(['{{1}} name: Lead’s name', '{{2}} when: Site visit’s time', '{{3}} map: Map link to the meeting point']);
  await expect(register.getByLabel('Name')).toHaveValue('');

  // The same name and language again: the API's 409 beside the name, what was typed kept.
  await register.getByLabel('Name').fill(name);
  await register.getByLabel('Name').press('Enter');
  await expect(register.getByLabel('Name')).toHaveAccessibleDescription(new RegExp(`A template ${name} in en is registered already`));
  await expect(register.getByLabel('Name')).toHaveValue(name);

  const confirmation = dialog.getByRole('group', { name: 'Visit confirmation' });
  await confirmation.getByRole('switch', { name: 'Send it' }).focus();
  await page.keyboard.press('Space');
  await expect(confirmation.getByRole('switch', { name: 'Send it' })).toBeChecked();
  // Turned on with no template: the API names the field, beside it.
  await dialog.getByRole('button', { name: 'Save automatic messages' }).press('Enter');
  await expect(confirmation.getByLabel('Template')).toHaveAccessibleDescription(/Template is required to turn it on: the name of a registered template/);
  await confirmation.getByLabel('Template').selectOption({ label: `${name} (en)` });
  await dialog.getByRole('button', { name: 'Save automatic messages' }).press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await dialog.screenshot({ path: join(SCREENSHOTS, 'whatsapp-admin-light.png') });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const api = await staffApi(page, app.url);
  const stored = await api.get<WhatsappAutomaticMessages>('/api/settings/whatsapp-automatic');
  expect(stored.visitConfirmation).toEqual({ enabled: true, template: name, language: 'en' });
  expect(stored.callbackMissed.enabled).toBe(false);
  const templates = await api.get<WhatsappTemplate[]>('/api/whatsapp/templates');
  expect(templates.find((template) => template.name === name)).toMatchObject({
    language: 'en',
    variables: [
      { key: 'name', source: 'lead.name' },
      { key: 'when', source: 'visit.time' },
      { key: 'map', source: 'property.mapLink' },
    ],
    body: 'Hi {{1}}, your visit is on {{2}}. Directions: {{3}}',
    archived: false,
  });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const reopened = (await openWhatsappDialog(page)).dialog;
  const kept = reopened.getByRole('group', { name: 'Visit confirmation' });
  await expect(kept.getByRole('switch', { name: 'Send it' })).toBeChecked();
  await expect(kept.getByLabel('Template')).toHaveValue(`${name}|en`);
  await expect(reopened.getByRole('article', { name: `${name} (en)` })).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // Archived: marked so, and no longer offered for an automatic message.
  await reopened.getByRole('button', { name: `Archive ${name} (en)` }).press('Enter');
  await expect(reopened.getByRole('article', { name: `${name} (en)` })).toContainText('Archived: no longer sent');
  await expect(kept.getByLabel('Template').getByRole('option', { name: `${name} (en): not registered or archived` })).toBeAttached();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'whatsapp-admin-dark.png') });
});

test('an agent sees no WhatsApp settings, and the API refuses them theirs', async ({ page, browser }) => {
  await signInLive(page, app.url, ADMIN);
  await (await staffApi(page, app.url)).post('/api/staff', AGENT);
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  try {
    await signInLive(agentPage, app.url, AGENT);
    await expect(dashboard(agentPage).getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(dashboard(agentPage).getByRole('button', { name: 'WhatsApp', exact: true })).toHaveCount(0);
    expect((await agentPage.request.get(`${app.url}/api/settings/whatsapp-automatic`)).status()).toBe(403);
  } finally {
    await agentContext.close();
  }
});
