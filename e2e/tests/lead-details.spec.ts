import { expect, test, type Locator, type Page } from '@playwright/test';
import { endOfCallReport } from '../../apps/api/test/fixtures/vapi-messages';
import { leadCard, openLive } from '../support/dashboard-page';
import { createLead, postWebhook, uniqueMobile, uniqueTag } from '../support/leads-api';

/** Opens the live dashboard on the lead's search and its details panel, once its activity has loaded. */
async function openDetails(page: Page, tag: string, name: string): Promise<Locator> {
  await openLive(page, `/?q=${tag}`);
  await leadCard(page, name).getByRole('button', { name: 'View Details' }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(activity(panel).getByRole('listitem').last()).toContainText('Lead created');
  return panel;
}

const field = (panel: Locator, label: string) => panel.locator('.lead-details__fields > div', { has: panel.page().getByText(label, { exact: true }) }).locator('dd');
const activity = (panel: Locator) => panel.getByRole('region', { name: 'Activity' });

test('an edit and a note made in the details appear live for a colleague viewing the same lead', async ({ page, browser }) => {
  const tag = uniqueTag();
  const name = `${tag} Kavya Iyer`;
  await createLead({ name, phone: uniqueMobile(), location: 'Pune' });
  const colleagueContext = await browser.newContext();
  try {
    const colleague = await colleagueContext.newPage();
    const theirs = await openDetails(colleague, tag, name);
    const mine = await openDetails(page, tag, name);

    await mine.getByRole('button', { name: 'Edit lead' }).click();
    await mine.getByLabel('Location').fill('Nashik');
    await mine.getByLabel('Budget').fill('95 Lakh');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(field(mine, 'Location')).toHaveText('Nashik');
    await expect(field(mine, 'Budget')).toHaveText('₹95 Lakh');

    await mine.getByLabel('New note').fill('Site visit on Saturday at 11.');
    await mine.getByRole('button', { name: 'Add note' }).click();
    await expect(mine.getByTestId('lead-note')).toContainText('Site visit on Saturday at 11.');

    // The colleague never reloaded: the fields, the note and the timeline came over the live stream.
    await expect(field(theirs, 'Location')).toHaveText('Nashik');
    await expect(field(theirs, 'Budget')).toHaveText('₹95 Lakh');
    await expect(theirs.getByTestId('lead-note')).toContainText('Site visit on Saturday at 11.');
    const entries = activity(theirs).getByRole('listitem');
    await expect(entries.first()).toHaveText(/^Note added/);
    await expect(activity(theirs)).toContainText('Location changed from “Pune” to “Nashik”');
    await expect(activity(theirs)).toContainText('Budget changed from “Not given” to “₹95 Lakh”');
    // The list behind the panel has the change too.
    await colleague.keyboard.press('Escape');
    await expect(leadCard(colleague, name)).toContainText('Nashik');
  } finally {
    await colleagueContext.close();
  }
});

test('a save against a lead someone else changed meanwhile is refused with a clear message and overwrites nothing', async ({ page, browser }) => {
  const tag = uniqueTag();
  const name = `${tag} Arjun Nair`;
  await createLead({ name, timeline: '3 months' });
  const colleagueContext = await browser.newContext();
  try {
    const colleague = await colleagueContext.newPage();
    const theirs = await openDetails(colleague, tag, name);
    await theirs.getByRole('button', { name: 'Edit lead' }).click();
    await theirs.getByLabel('Timeline').fill('This month');

    const mine = await openDetails(page, tag, name);
    await mine.getByRole('button', { name: 'Edit lead' }).click();
    await mine.getByLabel('Timeline').fill('Next year');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(field(mine, 'Timeline')).toHaveText('Next year');

    await theirs.getByRole('button', { name: 'Save changes' }).click();
    await expect(theirs.getByRole('alert')).toContainText('This lead was changed by someone else.');
    // The form shows the lead as it now is; nothing of the refused save was written.
    await expect(theirs.getByLabel('Timeline')).toHaveValue('Next year');
    await expect(field(mine, 'Timeline')).toHaveText('Next year');
    await expect(activity(mine).getByRole('listitem').filter({ hasText: 'Timeline changed' })).toHaveCount(1);
  } finally {
    await colleagueContext.close();
  }
});

test('moving a lead to the Lost stage asks for the reason and records it', async ({ page }) => {
  const tag = uniqueTag();
  const name = `${tag} Meera Pillai`;
  await createLead({ name });
  const panel = await openDetails(page, tag, name);
  await panel.getByLabel('Stage').selectOption({ label: 'Lost' });
  await panel.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(panel.getByLabel('Lost reason')).toHaveAccessibleDescription(/Lost reason is required/);
  await panel.getByLabel('Lost reason').fill('Bought a flat elsewhere');
  await panel.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(panel.getByText('Lost reason: Bought a flat elsewhere', { exact: true })).toBeVisible();
  await expect(activity(panel).getByRole('listitem').first()).toContainText('Stage changed from New to Lost (lost reason: Bought a flat elsewhere)');
});

test("the timeline holds the lead's call: its summary, and on demand its transcript and recording", async ({ page }) => {
  const tag = uniqueTag();
  const name = `${tag} Sanjay Kulkarni`;
  await postWebhook(
    endOfCallReport({
      callId: `call-${tag}`,
      number: uniqueMobile(),
      structuredData: { name, location: 'Pune', interestedIn: '3 BHK Apartment', budget: '95 Lakh', qualified: true },
    }),
  );
  await openLive(page, `/?q=${tag}`);
  await leadCard(page, name).getByRole('button', { name: 'View Details' }).click();
  const panel = page.getByRole('dialog', { name });
  const call = activity(panel).getByRole('listitem').filter({ hasText: 'Call ended' });
  await expect(call).toContainText('customer-ended-call');
  await expect(call).toContainText('The caller wants a 3 BHK apartment in Pune for about 95 Lakh');
  await call.getByRole('button', { name: 'Show call details' }).click();
  await expect(call.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(call.locator('audio[controls]')).toHaveAttribute('src', /^\/api\/calls\/[^/]+\/recording$/);
});
