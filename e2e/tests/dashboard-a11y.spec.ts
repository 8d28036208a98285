import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { dashboard, leadCards } from '../support/dashboard-page';
import { createLead, uniqueMobile, uniqueTag } from '../support/leads-api';
import { seriousViolations } from '../support/accessibility';

const SCREENSHOTS = join(__dirname, '../test-results/screenshots');


for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard and its dialogs have no serious or critical accessibility violations in the ${theme} theme`, async ({ page }) => {
    // A stored lead and its possible duplicate, for the form's warning and the duplicates' panel.
    const tag = uniqueTag();
    const phone = uniqueMobile();
    await createLead({ name: `${tag} Aarav Sharma`, phone, location: 'Mumbai' });
    await createLead({ name: `${tag} Rahul Verma`, phone, location: 'Pune', allowDuplicate: true });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(leadCards(page).first()).toBeVisible();
    await expect(dashboard(page).getByRole('img', { name: 'Leads per day' })).toBeVisible();
    expect(await seriousViolations(page, '.admin-dashboard')).toEqual([]);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await dashboard(page).screenshot({ path: join(SCREENSHOTS, `dashboard-${theme}.png`) });
    await page.screenshot({ path: join(SCREENSHOTS, `dashboard-page-${theme}.png`), fullPage: true });

    for (const [button, dialogName] of [
      ['View Details', /.+/],
      ['Call To Customer', /^Call /],
    ] as const) {
      await leadCards(page).first().getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await dashboard(page).getByRole('button', { name: 'Add Lead' }).click();
    const form = page.getByRole('dialog', { name: 'Add Lead' });
    await form.getByRole('button', { name: 'Add Lead' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    // A stored lead's number: the warning with its choices.
    await form.getByLabel('Phone').fill(phone);
    await expect(form.getByRole('status')).toContainText('already has this number');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `add-lead-${theme}.png`) });
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // Possible duplicates, the merge of a pair, and a pair's lead opened over it with its own pairs.
    await dashboard(page).getByRole('button', { name: 'Possible duplicates' }).click();
    const duplicates = page.getByRole('dialog', { name: 'Possible duplicates' });
    const pair = duplicates.getByRole('article', { name: `${tag} Rahul Verma and ${tag} Aarav Sharma` });
    await expect(pair).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `possible-duplicates-${theme}.png`) });
    // The merge dialog's preview, its choices marked, over the panel.
    await pair.getByRole('button', { name: 'Merge…' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge leads' });
    await expect(merge.getByRole('group', { name: /^Name/ })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `merge-leads-${theme}.png`) });
    await page.keyboard.press('Escape');
    await expect(merge).toBeHidden();
    await pair.getByRole('button', { name: `Open ${tag} Rahul Verma` }).click();
    const flagged = page.getByRole('dialog', { name: `${tag} Rahul Verma` });
    await expect(flagged.getByRole('region', { name: 'Possible duplicates' })).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(flagged).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(duplicates).toBeHidden();

    // The admins' calling rules: the scrub list's form and the refused calls' table.
    await dashboard(page).getByRole('button', { name: 'Calling rules' }).click();
    const rules = page.getByRole('dialog', { name: 'Calling rules' });
    await expect(rules.getByRole('button', { name: 'Upload list' })).toBeVisible();
    await expect(rules.getByText(/^(No list uploaded yet\.|Uploaded .+)$/)).toBeVisible();
    await expect(rules.getByText(/^(No call has been refused\.)$/).or(rules.getByRole('table'))).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `calling-rules-${theme}.png`) });
  });
}
