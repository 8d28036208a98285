import { expect, test } from '@playwright/test';
import { dashboard, leadCard, openLive } from '../support/dashboard-page';
import { createLead, uniqueMobile, uniqueTag } from '../support/leads-api';

test('an admin erases a person: their lead leaves another staff member’s screen live, and the access log says so', async ({ page, browser }) => {
  const tag = uniqueTag();
  const name = `Erasable ${tag}`;
  const phone = uniqueMobile();
  await createLead({ name, phone, email: `${tag}@example.in`, location: 'Pune' });

  // A colleague has the lead on screen.
  const colleague = await (await browser.newContext()).newPage();
  await openLive(colleague, `/?q=${tag}`);
  await expect(leadCard(colleague, name)).toBeVisible();

  await page.goto('/');
  const panel = dashboard(page);
  await panel.getByRole('button', { name: 'Personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personal data' });
  await dialog.getByRole('textbox', { name: 'Phone or email' }).fill(phone);
  await dialog.getByRole('textbox', { name: 'Who asked (for the erasure record)' }).fill(`ticket ${tag}`);
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe(`Erase everything about ${phone}? Their leads, calls, notes and activity are deleted for good.`);
    void confirm.accept();
  });
  await dialog.getByRole('button', { name: 'Erase this person' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Erased 1 lead and 0 calls; Vapi is asked to delete the calls until it confirms.');

  // Gone from the colleague's screen without a reload.
  await expect(leadCard(colleague, name)).toHaveCount(0);

  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Access log' }).click();
  const log = page.getByRole('dialog', { name: 'Access log' });
  await log.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Erased a person' });
  await expect(log.getByRole('row').nth(1)).toContainText('Erased a person');
  await expect(log).not.toContainText(phone);
});
