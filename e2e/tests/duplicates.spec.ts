import { expect, test, type Page } from '@playwright/test';
import { dashboard, leadCard } from '../support/dashboard-page';
import { createLead, uniqueMobile, uniqueTag } from '../support/leads-api';

/** The number as people write it in India: a leading 0, a space in the middle. */
const written = (e164: string) => `0${e164.slice(3, 8)} ${e164.slice(8)}`;

async function openAddLead(page: Page) {
  await dashboard(page).getByRole('button', { name: 'Add Lead' }).click();
  return page.getByRole('dialog', { name: 'Add Lead' });
}

/** The form's lookup of what was typed has answered. */
const matchesAnswered = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads/matches' && response.ok());

test('Add Lead over a stored number names that lead, opens it, adds anyway as a possible duplicate, which Possible duplicates lists until it is dismissed', async ({ page }) => {
  const tag = uniqueTag();
  const phone = uniqueMobile();
  const stored = `${tag} Aarav Sharma`;
  const added = `${tag} Rahul Verma`;
  await createLead({ name: stored, phone, email: `${tag}@example.in`, location: 'Mumbai' });
  await page.goto(`/?q=${tag}`);

  const form = await openAddLead(page);
  await form.getByLabel('Name').fill(added);
  await form.getByLabel('Phone').fill(written(phone));
  await expect(form.getByRole('status')).toHaveText(`${stored} already has this number: open / add anyway`);

  // "open" shows the stored lead over the form, which keeps what was typed.
  await form.getByRole('button', { name: `open ${stored}` }).click();
  const details = page.getByRole('dialog', { name: stored });
  await expect(details.locator('.lead-details__fields')).toContainText('Mumbai');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveValue(added);

  await form.getByRole('button', { name: 'add anyway' }).click();
  await expect(form).toBeHidden();
  await expect(leadCard(page, added)).toBeVisible();
  await expect(leadCard(page, stored)).toBeVisible();

  await dashboard(page).getByRole('button', { name: 'Possible duplicates' }).click();
  const panel = page.getByRole('dialog', { name: 'Possible duplicates' });
  const pair = panel.getByRole('article', { name: `${added} and ${stored}` });
  await expect(pair).toContainText('Possible duplicate: same phone');
  await expect(pair.locator('.duplicate-pair__lead').first()).toContainText(stored);
  await expect(pair.locator('.duplicate-pair__lead').last()).toContainText(added);

  await pair.getByRole('button', { name: 'Not the same person' }).click();
  await expect(pair).toBeHidden();
  await expect(panel.getByRole('status').filter({ hasText: 'not the same person' })).toHaveText(`${added} and ${stored} are not the same person: the pair is gone from the list.`);
  // Dismissed for good: read again, the pair is not there.
  await page.keyboard.press('Escape');
  await dashboard(page).getByRole('button', { name: 'Possible duplicates' }).click();
  await expect(panel.getByRole('article').first().or(panel.getByText('No possible duplicates.'))).toBeVisible();
  await expect(pair).toHaveCount(0);
});

test("the flagged lead's details show its pair, and its timeline entry leads to it", async ({ page }) => {
  const tag = uniqueTag();
  const email = `${tag}@gmail.com`;
  const stored = `${tag} Kavya Menon`;
  const flagged = `${tag} Divya Nair`;
  await createLead({ name: stored, email });
  await createLead({ name: flagged, email: `${tag.slice(0, 3)}.${tag.slice(3)}+homes@gmail.com`, allowDuplicate: true });
  await page.goto(`/?q=${tag}`);
  await leadCard(page, flagged).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: flagged });
  const pair = details.getByRole('region', { name: 'Possible duplicates' }).getByRole('article', { name: `${flagged} and ${stored}` });
  await expect(pair).toContainText('Possible duplicate: Gmail variant');
  await expect(pair).toContainText('This lead');

  const entry = details.getByRole('region', { name: 'Activity' }).getByRole('listitem').filter({ hasText: 'Possible duplicate of another lead (Gmail variant)' });
  await entry.getByRole('button', { name: 'Show the pair' }).click();
  await expect(pair).toBeFocused();

  // Its other lead opens over these details.
  await pair.getByRole('button', { name: `Open ${stored}` }).click();
  await expect(page.getByRole('dialog', { name: stored })).toBeVisible();
});

test('a lead stored with the number while the form was open: the save is refused and the same choice shown, focused', async ({ page }) => {
  const tag = uniqueTag();
  const phone = uniqueMobile();
  const stored = `${tag} Arjun Iyer`;
  const added = `${tag} Sneha Iyer`;
  await page.goto(`/?q=${tag}`);
  const form = await openAddLead(page);
  await form.getByLabel('Name').fill(added);
  const looked = matchesAnswered(page);
  await form.getByLabel('Phone').fill(phone);
  await looked;
  await expect(form.getByRole('status')).toHaveText('');

  // A colleague adds the same number before this form is saved.
  await createLead({ name: stored, phone });
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form.getByRole('button', { name: `open ${stored}` })).toBeFocused();
  await expect(form.getByRole('status')).toHaveText(`${stored} already has this number: open / add anyway`);
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'false');

  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'add anyway' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(leadCard(page, added)).toBeVisible();
});
