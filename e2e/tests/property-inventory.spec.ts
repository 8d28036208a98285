import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { dashboard, signInLive } from '../support/dashboard-page';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password' };

// An app of its own: the properties changed here never reach the shared app's explorer tests.
let staffApp: RunningApp;
test.beforeAll(async () => {
  staffApp = await startApp({ AUTH_MODE: 'staff', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SESSION_SECRET: randomBytes(32).toString('hex') });
});
test.afterAll(() => stopApp(staffApp));

test('an admin adds a property, marks one booked and one sold, and the explorer on the left half follows', async ({ page }) => {
  await signInLive(page, staffApp.url, ADMIN);
  const demo = page.getByRole('region', { name: 'Customer Property Demo' });
  const apartments = demo.getByRole('tab', { name: /^Apartments \(\d+\)$/ });
  await expect(apartments).toHaveText('Apartments (4)');

  await dashboard(page).getByRole('button', { name: 'Properties' }).click();
  const panel = page.getByRole('dialog', { name: 'Properties' });
  await expect(panel.getByRole('article')).toHaveCount(16);

  await panel.getByRole('button', { name: 'Add a property' }).click();
  const form = panel.getByRole('region', { name: 'Add a property' });
  await form.getByRole('button', { name: 'Add property' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => violation.id)).toEqual([]);
  await form.getByLabel('Name').fill('Lakeview Towers 2BHK');
  await form.getByLabel('Locality').fill('Powai');
  await form.getByLabel('City').fill('Mumbai');
  await form.getByLabel('Price').fill('85 lakh');
  await form.getByLabel('Bedrooms').fill('2');
  await form.getByLabel('Area (sq ft)').fill('980');
  await form.getByLabel('Amenities').fill('Lake view, Gym');
  await form.getByRole('button', { name: 'Add property' }).click();
  const added = panel.getByRole('article', { name: 'Lakeview Towers 2BHK' });
  await expect(added).toContainText('₹85 Lakh · Powai, Mumbai · 980 sq ft · 2 bedrooms');

  const skyline = panel.getByRole('article', { name: 'Skyline Residency 2BHK' });
  await skyline.getByRole('button', { name: 'Mark sold' }).click();
  await expect(skyline.getByRole('heading')).toContainText('Sold');
  const prestige = panel.getByRole('article', { name: 'Prestige Lakeside Habitat 3BHK' });
  await prestige.getByRole('button', { name: 'Edit' }).click();
  await prestige.getByLabel('Status').selectOption({ label: 'Booked' });
  await prestige.getByRole('button', { name: 'Save changes' }).click();
  await expect(prestige.getByRole('heading')).toContainText('Booked');
  await panel.getByRole('button', { name: 'Close' }).first().click();

  // Without a reload: the new one is listed with the generic picture, the booked one marked, the sold one gone.
  await expect(apartments).toHaveText('Apartments (4)');
  await apartments.click();
  const panelOfTab = demo.getByRole('tabpanel');
  await expect(panelOfTab.getByRole('heading', { name: 'Skyline Residency 2BHK' })).toHaveCount(0);
  const card = panelOfTab.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Lakeview Towers 2BHK' }) });
  await expect(card.getByTestId('property-price')).toHaveText('₹85 Lakh');
  const picture = card.getByRole('img', { name: 'Lakeview Towers 2BHK' });
  await expect(picture).toHaveAttribute('src', /generic-property/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(panelOfTab.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Prestige Lakeside Habitat 3BHK' }) })).toContainText('Booked');

  // A visitor asks about the new property from its card: the callback form names it.
  await card.getByRole('button', { name: 'Request a callback about Lakeview Towers 2BHK' }).click();
  await expect(page.getByRole('dialog', { name: 'Request a callback' }).getByLabel('Interested in')).toHaveValue('17');
});
