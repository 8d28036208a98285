import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { dashboard, leadCards } from '../support/dashboard-page';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password' };
const AGENT = { name: 'Ravi Kumar', email: 'ravi@example.in', password: 'another long password' };

// A second app, closed to staff: the shared one runs in open (demo) mode.
let staffApp: RunningApp;
test.beforeAll(async () => {
  staffApp = await startApp({
    AUTH_MODE: 'staff',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The wrong password below is logged as a warning on purpose.
    LOG_LEVEL: 'error',
  });
});
test.afterAll(() => stopApp(staffApp));

test('staff sign in, admins manage staff, agents see leads without import and export, and sign out', async ({ page }) => {
  await page.goto(staffApp.url);
  const panel = dashboard(page);
  const signIn = async (email: string, password: string) => {
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill(password);
    await panel.getByRole('button', { name: 'Sign in' }).click();
  };
  await expect(panel.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(panel.getByText('Demo mode: the staff dashboard is open')).toBeHidden();
  await expect(leadCards(page)).toHaveCount(0);

  await signIn(ADMIN.email, 'not the password');
  await expect(panel.getByRole('alert')).toHaveText('Wrong email or password.');

  await signIn(ADMIN.email, ADMIN.password);
  await expect(leadCards(page).first()).toBeVisible();
  await expect(panel.getByText(/Signed in as/)).toHaveText('Signed in as Administrator Admin');
  await expect(panel.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Import CSV' })).toBeVisible();
  // The session is a cookie: a reload stays signed in.
  await page.reload();
  await expect(leadCards(page).first()).toBeVisible();

  // Adding staff is a change made with the cookie: it carries the CSRF token.
  await panel.getByRole('button', { name: 'Manage staff' }).click();
  const staff = page.getByRole('dialog', { name: 'Staff accounts' });
  await expect(staff.getByRole('rowheader', { name: 'Administrator (you)' })).toBeVisible();
  await staff.getByLabel('Name').fill(AGENT.name);
  await staff.getByLabel('Email').fill(AGENT.email);
  await staff.getByLabel('Password').fill(AGENT.password);
  await staff.getByRole('button', { name: 'Add staff member' }).click();
  await expect(staff.getByRole('row', { name: new RegExp(AGENT.name) })).toContainText('Agent');
  // The API's refusal names the field, and lands on it: that email has an account now.
  await staff.getByLabel('Name').fill(AGENT.name);
  await staff.getByLabel('Email').fill(AGENT.email);
  await staff.getByLabel('Password').fill(AGENT.password);
  await staff.getByRole('button', { name: 'Add staff member' }).click();
  await expect(staff.getByLabel('Email')).toHaveAccessibleDescription('Email is taken');
  await expect(staff.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');

  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(panel.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(leadCards(page)).toHaveCount(0);
  expect((await page.request.get(`${staffApp.url}/api/leads`)).status()).toBe(401);

  await signIn(AGENT.email, AGENT.password);
  await expect(leadCards(page).first()).toBeVisible();
  await expect(panel.getByText(/Signed in as/)).toHaveText(`Signed in as ${AGENT.name} Agent`);
  await expect(panel.getByRole('link', { name: 'Export CSV' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Import CSV' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Manage staff' })).toBeHidden();

  // Agents add leads; the change carries the CSRF token from the sign-in answer.
  await panel.getByRole('button', { name: 'Add Lead' }).click();
  const form = page.getByRole('dialog', { name: 'Add Lead' });
  await form.getByLabel('Name').fill('Walk-in Buyer');
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form).toBeHidden();
  await expect(leadCards(page).first().getByRole('heading')).toHaveText('Walk-in Buyer');

  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(panel.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});
