import { expect, test } from '@playwright/test';
import { boardColumn } from '../support/dashboard-page';
import { createLead, listLeads, uniqueMobile, uniqueTag } from '../support/leads-api';

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

/** A stored mobile as staff write it in a spreadsheet: 0, then the ten digits split 5 + 5. */
const writtenNationally = (mobile: string) => `0${mobile.slice(3, 8)} ${mobile.slice(8)}`;

test("Import CSV shows the issue's example as a possible duplicate: Rahul Verma over Aarav Sharma's number is never an update, and Aarav stays as he was", async ({ page, context }) => {
  const tag = uniqueTag();
  const mobile = uniqueMobile();
  const aarav = await createLead({ name: 'Aarav Sharma', phone: mobile, email: `aarav.${tag}@example.in`, budget: 9_000_000, source: 'walk-in' });
  const csv = ['name,phone,email,budget,source', `Rahul Verma,${writtenNationally(mobile)},rahul.${tag}@example.in,4500000,99acres`].join('\n');
  await page.goto(`/?q=${tag}`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name: 'rahul.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const would = (label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');
  await expect(would('Would flag as possible duplicates')).toHaveText('1');
  await expect(would('Would update')).toHaveText('0');
  await expect(would('Would create')).toHaveText('0');
  const flagged = dialog.getByRole('region', { name: '1 row would be flagged as a possible duplicate' });
  await expect(flagged).toContainText('Line 2: Rahul Verma may be Aarav Sharma (same phone): a new lead, flagged for review');
  // Overwriting changes nothing of that: another person is never written over Aarav.
  await dialog.getByRole('radio', { name: /^Overwrite the lead with the file/ }).check();
  await expect(would('Would flag as possible duplicates')).toHaveText('1');
  await expect(would('Would update')).toHaveText('0');

  // The lead it may be opens in a tab of its own, the preview kept.
  const [details] = await Promise.all([context.waitForEvent('page'), flagged.getByRole('link', { name: 'Aarav Sharma' }).click()]);
  await expect(details.getByRole('dialog', { name: 'Aarav Sharma' })).toBeVisible();
  await details.close();

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const count = (label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');
  await expect(count('Possible duplicates')).toHaveText('1');
  await expect(count('Updated')).toHaveText('0');
  await expect(count('Created')).toHaveText('0');
  const leads = await listLeads({ q: tag });
  // Not a field, not its version: Aarav is as he was.
  expect(leads.find((lead) => lead._id === aarav._id)).toEqual(aarav);
  expect(leads.find((lead) => lead._id !== aarav._id)).toMatchObject({ name: 'Rahul Verma', phone: mobile, email: `rahul.${tag}@example.in`, budget: 4_500_000 });
});

test('Import CSV lists each field a row would change on the stored lead it matches, fills by default and overwrites when chosen', async ({ page }) => {
  const tag = uniqueTag();
  const mobile = uniqueMobile();
  const kavya = await createLead({ name: 'Kavya Menon', phone: mobile, email: `kavya.${tag}@example.in` });
  const csv = ['Name,Mobile,Email,City', `Kavya Menon,${writtenNationally(mobile)},kavya.work.${tag}@example.in,Kochi`].join('\n');
  await page.goto(`/?q=${tag}`);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name: 'kavya.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const matches = dialog.getByRole('region', { name: '1 row is a lead already stored' });
  await expect(matches.getByRole('link', { name: 'Kavya Menon' })).toHaveAttribute('href', `/?lead=${kavya._id}`);
  await expect(matches.getByRole('listitem').filter({ hasText: /^Email:/ })).toHaveText(`Email: kavya.${tag}@example.in → kavya.work.${tag}@example.in (kept as stored)`);
  await expect(matches.getByRole('listitem').filter({ hasText: /^Location:/ })).toHaveText('Location: Not given → Kochi (fills what the lead lacks)');

  await dialog.getByRole('radio', { name: /^Overwrite the lead with the file/ }).check();
  await expect(matches.getByRole('listitem').filter({ hasText: /^Email:/ })).toHaveText(`Email: kavya.${tag}@example.in → kavya.work.${tag}@example.in (overwrites)`);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.locator('.import-result__counts div', { hasText: 'Updated' }).locator('dd')).toHaveText('1');
  expect(await listLeads({ q: tag })).toEqual([expect.objectContaining({ _id: kavya._id, email: `kavya.work.${tag}@example.in`, location: 'Kochi' })]);
});
