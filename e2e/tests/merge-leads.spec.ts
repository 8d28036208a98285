import { expect, test, type Page } from '@playwright/test';
import { dashboard, leadCard, openLive } from '../support/dashboard-page';
import { createLead, listLeads, uniqueMobile, uniqueTag } from '../support/leads-api';

/** Two leads with one phone, the later one flagged as a possible duplicate of the first. */
async function aPossibleDuplicate(tag: string) {
  const phone = uniqueMobile();
  const kept = await createLead({ name: `${tag} Aarav Sharma`, phone, email: `${tag}.aarav@example.in`, location: 'Mumbai' });
  const merged = await createLead({ name: `${tag} Rahul Verma`, phone, location: 'Pune', timeline: '3 months', allowDuplicate: true });
  return { kept, merged };
}

async function openMergeFromPanel(page: Page, pairName: string) {
  await dashboard(page).getByRole('button', { name: 'Possible duplicates' }).click();
  const panel = page.getByRole('dialog', { name: 'Possible duplicates' });
  await panel.getByRole('article', { name: pairName }).getByRole('button', { name: 'Merge…' }).click();
  return { panel, dialog: page.getByRole('dialog', { name: 'Merge leads' }) };
}

test('a pair is merged with a choice per field, Undo at once puts both leads back, and a second merge is undone from the kept lead’s timeline', async ({ page }) => {
  const tag = uniqueTag();
  const { kept, merged } = await aPossibleDuplicate(tag);
  const pairName = `${merged.name} and ${kept.name}`;
  await openLive(page, `/?q=${tag}`);
  await expect(leadCard(page, merged.name)).toBeVisible();

  const { panel, dialog } = await openMergeFromPanel(page, pairName);
  const location = dialog.getByRole('group', { name: /^Location/ });
  await expect(location).toContainText('Differs');
  await expect(location.getByRole('radio', { name: 'Mumbai (kept lead)' })).toBeChecked();
  // The kept lead has no timeline: the merged lead's is proposed.
  await expect(dialog.getByRole('group', { name: /^Timeline/ }).getByRole('radio', { name: '3 months (merged lead)' })).toBeChecked();
  await expect(dialog.getByText(`${kept.phone} (The same on both)`)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'What moves to the kept lead' })).toContainText('timeline entr');
  await location.getByRole('radio', { name: 'Pune (merged lead)' }).click();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

  await expect(dialog.getByText(`${merged.name} was merged into ${kept.name}.`)).toBeVisible();
  const undo = dialog.getByRole('button', { name: 'Undo merge' });
  await expect(undo).toHaveAccessibleDescription(/^You can undo it until /);
  expect(await listLeads({ q: tag })).toEqual([expect.objectContaining({ _id: kept._id, name: kept.name, location: 'Pune', timeline: '3 months' })]);

  await undo.click();
  await expect(dialog.getByText(`The merge was undone: ${merged.name} and ${kept.name} are back as they were.`)).toBeVisible();
  const restored = await listLeads({ q: tag });
  expect(restored.map((lead) => [lead._id, lead.name, lead.location, lead.timeline])).toEqual([
    [merged._id, merged.name, 'Pune', '3 months'],
    [kept._id, kept.name, 'Mumbai', null],
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // The pair is back with the leads.
  await expect(panel.getByRole('article', { name: pairName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(leadCard(page, merged.name)).toBeVisible();
  await expect(leadCard(page, kept.name)).toBeVisible();

  // Merged again as proposed: the pair and the merged lead's card go.
  const again = await openMergeFromPanel(page, pairName);
  await again.dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await again.dialog.getByRole('button', { name: 'Done' }).click();
  await expect(again.panel.getByRole('article', { name: pairName })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(again.panel).toBeHidden();
  await expect(leadCard(page, merged.name)).toHaveCount(0);

  // Undone from the kept lead's timeline.
  await leadCard(page, kept.name).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: kept.name });
  const timeline = details.getByRole('region', { name: 'Activity' });
  const merges = timeline.getByRole('listitem').filter({ hasText: 'Another lead was merged into this one' });
  await expect(merges).toHaveCount(2);
  // The first merge was undone already: only the second offers Undo.
  await expect(merges.getByRole('button', { name: 'Undo merge' })).toHaveCount(1);
  await merges.first().getByRole('button', { name: 'Undo merge' }).click();
  await expect(timeline.getByRole('listitem').first()).toContainText('A merge into this lead was undone: the other lead is back as it was');
  await expect(merges.getByRole('button', { name: 'Undo merge' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(leadCard(page, merged.name)).toBeVisible();
  expect(await listLeads({ q: tag })).toHaveLength(2);
});
