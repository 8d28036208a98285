import { expect, test, type Page } from '@playwright/test';
import type { DndListSummary } from '@lead-desk/contracts';
import { dashboard, leadCard, openLive } from '../support/dashboard-page';
import { createLead, uniqueMobile, uniqueTag } from '../support/leads-api';

async function dndListCount(): Promise<number> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/dnd-list`);
  if (!response.ok) throw new Error(`GET /api/dnd-list answered ${response.status}`);
  return ((await response.json()) as DndListSummary).count;
}

test('an admin merges a DND list holding a lead’s number: its call button says why it is disabled, and the panel shows the list’s count', async ({ page }) => {
  const tag = uniqueTag();
  const name = `Scrubbed ${tag}`;
  const phone = uniqueMobile();
  const lead = await createLead({ name, phone, location: 'Nashik' });
  // Archived afterwards, pass or fail: a newest lead that may not be called would trip later tests that call the first card.
  try {
    await mergeAndSeeRefused(page, name, phone, lead._id);
  } finally {
    const archived = await fetch(`${process.env.E2E_BASE_URL}/api/leads/${lead._id}/archive`, { method: 'POST' });
    if (!archived.ok) throw new Error(`POST /api/leads/:id/archive answered ${archived.status}`);
  }
});

async function mergeAndSeeRefused(page: Page, name: string, phone: string, leadId: string): Promise<void> {
  // Merged, not replaced: the other browser tests share this app and its list.
  const expected = (await dndListCount()) + 1;

  await openLive(page, `/?q=${encodeURIComponent(name)}`);
  const callButton = leadCard(page, name).getByRole('button', { name: 'Call To Customer' });
  await expect(callButton).toBeEnabled();

  await dashboard(page).getByRole('button', { name: 'Calling rules' }).click();
  const panel = page.getByRole('dialog', { name: 'Calling rules' });
  const list = panel.getByRole('region', { name: 'DND scrub list' });
  await expect(list.getByText(/\d+ numbers?$/)).toBeVisible();
  // As a provider sends it: a header, the number written the local way.
  const local = `${phone.slice(3, 8)} ${phone.slice(8)}`;
  await list.getByLabel('Scrub list file').setInputFiles({ name: 'dnd.csv', mimeType: 'text/csv', buffer: Buffer.from(`msisdn\n${local}\n`) });
  await list.getByRole('radio', { name: 'Merge: add this file’s numbers to the list' }).check();
  await list.getByRole('button', { name: 'Upload list' }).click();
  const countText = expected === 1 ? '1 number' : `${expected.toLocaleString('en-IN')} numbers`;
  await expect(list.getByRole('status')).toHaveText(`Applied: 1 added, 0 removed; the list holds ${countText}.`);
  await expect(list.getByText(countText, { exact: true })).toBeVisible();
  await expect(list).toContainText('merged into the list before.');

  // A bad file is refused whole, naming its line; the count stays.
  await list.getByLabel('Scrub list file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(`${local}\ncall me later\n`) });
  await list.getByRole('button', { name: 'Upload list' }).click();
  await expect(list.getByRole('alert')).toHaveText('The scrub list was not applied: line 2 call me later is not a valid phone number.');
  expect(await dndListCount()).toBe(expected);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // Without a reload: the upload asks every shown lead's eligibility again.
  await expect(callButton).toBeDisabled();
  await expect(leadCard(page, name).getByText('This lead is Do Not Call: On the DND scrub list.')).toBeVisible();
  await expect(callButton).toHaveAccessibleDescription(/This lead is Do Not Call: On the DND scrub list\./);

  // A call placed anyway (another tab, a stale screen) is refused and listed for the admin.
  const refused = await fetch(`${process.env.E2E_BASE_URL}/api/calls`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ leadId }) });
  expect(refused.status).toBe(409);
  await dashboard(page).getByRole('button', { name: 'Calling rules' }).click();
  const row = panel.getByRole('region', { name: 'Calls refused' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('On the DND list');
  await expect(row).toContainText('This lead is Do Not Call: On the DND scrub list.');
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `?q=${encodeURIComponent(name)}`);
}
