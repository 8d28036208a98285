import { expect, test, type Page } from '@playwright/test';
import { setVoiceBehaviour, voiceRequests } from '../support/voice-platform-control';

const callPanel = (page: Page) => page.getByRole('group', { name: 'Voice agent' });
const UNAUTHORIZED =
  'Unauthorized (401). Check that you passed the public key to the voice client constructor and the assistant id to start().';
const CONNECTION_FAILED = 'Connection failed. See console for details.';
const REPEATED = 'Multiple connection attempts failed. Please check your internet connection.';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('starts idle with the documented texts', async ({ page }) => {
  const panel = callPanel(page);
  await expect(panel.getByRole('button', { name: /Talk to Agent/ })).toContainText('Start conversation');
  await expect(panel.getByRole('status').first()).toHaveText('Ready to Connect');
});

test('loads the voice SDK only on first use, from the settings the API gives', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /vapi/i.test(url))).toEqual([]);

  await setVoiceBehaviour('unauthorized');
  await callPanel(page).getByRole('button', { name: /Talk to Agent/ }).click();
  await expect(callPanel(page).getByRole('alert')).toContainText(UNAUTHORIZED);
  expect(scripts.some((url) => /vapi/i.test(url))).toBe(true);
  const [created] = (await voiceRequests()).filter((request) => request.path === '/call/web');
  expect(created.authorization).toBe('Bearer test-public-key');
  expect(JSON.stringify(created.body)).toContain('test-assistant');
});

test('a 401 from the voice platform shows the unauthorized help and offers Try Again', async ({ page }) => {
  await setVoiceBehaviour('unauthorized');
  const panel = callPanel(page);
  await panel.getByRole('button', { name: /Talk to Agent/ }).click();
  await expect(panel.getByRole('alert')).toContainText(UNAUTHORIZED);
  await expect(panel.getByRole('button', { name: /Try Again/ })).toBeVisible();
  await expect(panel.getByText('Connection Failed')).toBeVisible();
});

test('a 500 shows the connection failure; three failures in a row add the network hint', async ({ page }) => {
  await setVoiceBehaviour('server-error');
  const panel = callPanel(page);
  await panel.getByRole('button', { name: /Talk to Agent/ }).click();
  await expect(panel.getByRole('alert')).toContainText(CONNECTION_FAILED);
  await expect(panel.getByRole('alert')).not.toContainText(REPEATED);
  await panel.getByRole('button', { name: /Try Again/ }).click();
  await expect(panel.getByRole('button', { name: /Try Again/ })).toBeVisible();
  await expect(panel.getByRole('alert')).not.toContainText(REPEATED);
  await panel.getByRole('button', { name: /Try Again/ }).click();
  await expect(panel.getByRole('alert')).toContainText(REPEATED);
  expect((await voiceRequests()).filter((request) => request.path === '/call/web')).toHaveLength(3);
});
