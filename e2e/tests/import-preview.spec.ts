import { expect, test } from '@playwright/test';
import { boardColumn } from '../support/dashboard-page';
import { listLeads, uniqueMobile, uniqueTag } from '../support/leads-api';

test("Import CSV previews another CRM's export: its mapping, a column set to Ignore, then its leads on the board with their stages and tags", async ({ page }) => {
  const tag = uniqueTag();
  // As LeadSquared writes it from a semicolon locale: BOM, semicolons, CRLF, its own headers.
  const csv =
    '\ufeff' +
    [
      'Lead Name;Mobile No;Email Address;Status;Tags;Lead Score',
      `${tag} Karan Mehta;${uniqueMobile()};karan.${tag}@example.in;Negotiation;VIP, Repeat;87`,
      `${tag} Divya Pillai;${uniqueMobile()};divya.${tag}@example.in;site visit done;NRI;42`,
    ].join('\r\n');
  await page.goto(`/?layout=board&q=${tag}`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name: 'leadsquared.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  // The mapping the headers suggest; an unknown column starts as Ignore.
  await expect(dialog.getByLabel('Lead Name')).toHaveValue('name');
  await expect(dialog.getByLabel('Mobile No')).toHaveValue('phone');
  await expect(dialog.getByLabel('Status')).toHaveValue('stage');
  await expect(dialog.getByLabel('Tags')).toHaveValue('tags');
  await expect(dialog.getByLabel('Lead Score')).toHaveValue('ignore');
  // The first rows as the server reads them: the stage by its name in the pipeline.
  await expect(dialog.getByRole('table')).toContainText('Site Visit Done');
  const would = (label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');
  await expect(would('Would create')).toHaveText('2');

  // The numbers are not wanted: that column is not read.
  await dialog.getByLabel('Mobile No').selectOption({ label: 'Ignore' });
  await expect(dialog.getByRole('table')).not.toContainText('+91');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const count = (label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');
  await expect(count('Created')).toHaveText('2');
  await expect(count('Skipped')).toHaveText('0');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const karan = boardColumn(page, 'Negotiation').getByTestId('board-card').filter({ hasText: `${tag} Karan Mehta` });
  await expect(karan.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['VIP', 'Repeat']);
  const divya = boardColumn(page, 'Site Visit Done').getByTestId('board-card').filter({ hasText: `${tag} Divya Pillai` });
  await expect(divya.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['NRI']);
  const imported = await listLeads({ q: tag });
  expect(imported.map((lead) => lead.phone)).toEqual([null, null]);
});
