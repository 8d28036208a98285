import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { leadCard } from '../support/dashboard-page';
import { listLeads } from '../support/leads-api';

/** The API tests' fixtures: the files teams have, as those tools write them. */
const fixture = (name: string) => readFileSync(join(__dirname, '../../apps/api/test/fixtures/import', name));

/** Opens the dashboard and chooses a fixture in Import CSV: its preview's dialog. */
async function previewFixture(page: Page, name: string): Promise<Locator> {
  await page.goto('/');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  return page.getByRole('dialog', { name: 'Import CSV' });
}

const count = (dialog: Locator, label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');

/** Imports with the choices the preview shows, and waits for the job's summary. */
async function importShown(dialog: Locator, created: number): Promise<void> {
  await expect(count(dialog, 'Would create')).toHaveText(String(created));
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(count(dialog, 'Created')).toHaveText(String(created));
  await expect(count(dialog, 'Skipped')).toHaveText('0');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
}

test("Import CSV reads Meta's lead export as it is: UTF-16 and tabs, no mapping, its ids shown as not imported, each lead's source, tags and note", async ({ page }) => {
  const dialog = await previewFixture(page, 'meta-lead-ads.csv');
  await expect(dialog.getByText('Read as UTF-16 (little-endian), tab-separated')).toBeVisible();
  await expect(dialog.getByText('Recognised as a Meta Lead Ads export')).toBeVisible();
  const notImported = dialog.getByRole('region', { name: '7 columns will not be imported' });
  await expect(notImported.getByRole('listitem')).toHaveText([
    'ad_id: ag:120214563200510, ag:120214563200510, ag:120214563200510',
    'ad_name: Whitefield 3BHK Walkthrough, Whitefield 3BHK Walkthrough, Whitefield 3BHK Walkthrough',
    'adset_id: as:120214563200620, as:120214563200620, as:120214563200620',
    'adset_name: Bengaluru IT 28-45, Bengaluru IT 28-45, Bengaluru IT 28-45',
    'campaign_id: c:120214563200730, c:120214563200730, c:120214563200730',
    'form_id: f:1187436620915534, f:1187436620915534, f:1187436620915534',
    'is_organic: 0, 0, 0',
  ]);
  await expect(dialog.getByLabel('phone_number', { exact: true })).toHaveValue('phone');
  await expect(dialog.getByLabel('platform', { exact: true })).toHaveValue('source');
  await expect(dialog.getByLabel('what_is_your_budget?', { exact: true })).toHaveValue('budgetInRupees');
  await expect(dialog.getByLabel('when_do_you_plan_to_buy?', { exact: true })).toHaveValue('note');
  await expect(dialog.getByLabel('campaign_name', { exact: true })).toHaveValue('noteAndTag');
  const table = dialog.getByRole('table');
  for (const read of ['+919740012301', 'facebook ads', 'instagram ads', '50 Lakh - 1 Cr', 'Within 3 Months', 'प्रिया शर्मा']) await expect(table).toContainText(read);
  await importShown(dialog, 12);

  await page.goto('/?q=Rohan Kulkarni');
  const rohan = leadCard(page, 'Rohan Kulkarni');
  await expect(rohan).toContainText('facebook ads');
  await expect(rohan.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Whitefield Launch Nov 2026', 'Site Visit Form - Whitefield']);
  await rohan.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Rohan Kulkarni' }).getByTestId('lead-note')).toContainText('When do you plan to buy?: Within 3 Months');

  const leads = await listLeads({ q: 'example.in' });
  const ananya = leads.find((lead) => lead.name === 'Ananya Iyer');
  expect(ananya).toMatchObject({ phone: '+919740012302', source: 'instagram ads', budget: '1 Cr - 2 Cr', createdAt: '2026-11-20T05:32:07.000Z' });
});

test('Import CSV reads a CSV saved by Excel on Windows as Windows-1252: José, Zoë and en dashes arrive as written', async ({ page }) => {
  const dialog = await previewFixture(page, 'excel-windows-1252.csv');
  await expect(dialog.getByText('Read as Windows-1252 (Excel on Windows), comma-separated')).toBeVisible();
  await expect(dialog.getByRole('region', { name: /will not be imported/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Remarks', { exact: true })).toHaveValue('note');
  const table = dialog.getByRole('table');
  for (const read of ['José Fernandes', "Zoë D'Souza", '2 BHK – sea view', '60–70 Lakh']) await expect(table).toContainText(read);
  await importShown(dialog, 3);

  await page.goto('/?q=José');
  await expect(leadCard(page, 'José Fernandes')).toContainText('2 BHK – sea view');
  const [zoe] = await listLeads({ q: 'Zoë' });
  expect(zoe).toMatchObject({ name: "Zoë D'Souza", phone: '+919632001102', location: 'Mangaluru' });
});

test('Import CSV reads Mobile Phone by its header and Contact by its values, and names the column it will not import with its first values', async ({ page }) => {
  const dialog = await previewFixture(page, 'mobile-phone-contact.csv');
  await expect(dialog.getByText('Read as UTF-8, comma-separated')).toBeVisible();
  await expect(dialog.getByLabel('Mobile Phone', { exact: true })).toHaveValue('phone');
  const contact = dialog.getByLabel('Contact', { exact: true });
  await expect(contact).toHaveValue('email');
  await expect(contact).toHaveAccessibleDescription('First row: deepak.hegde@example.in · suggested from its values');
  await expect(dialog.getByLabel('Expected Price', { exact: true })).toHaveValue('budgetInRupees');
  await expect(dialog.getByLabel('Alternate Number', { exact: true })).toHaveValue('note');
  await expect(dialog.getByRole('region', { name: '1 column will not be imported' })).toHaveText(/Lead Score: 82, 64, 71/);
  await importShown(dialog, 4);

  const [deepak] = await listLeads({ q: 'Deepak Hegde' });
  expect(deepak).toMatchObject({ phone: '+919535001201', email: 'deepak.hegde@example.in', location: 'Indiranagar', budget: 12_000_000 });
});

test('Import CSV refuses a file whose first row is data, saying so', async ({ page }) => {
  const dialog = await previewFixture(page, 'headerless.csv');
  await expect(dialog.getByRole('alert')).toHaveText(
    'The import failed: Invalid file: has no header row: its first row is data ("9535001301" is a phone number), not the names of the columns',
  );
  expect(await listLeads({ q: 'Sanjay Gupta' })).toEqual([]);
});
