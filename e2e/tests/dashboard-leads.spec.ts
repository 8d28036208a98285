import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { cardNames, dashboard, filterButton, leadCard, leadCards, leadList, results, searchBox, showing } from '../support/dashboard-page';
import { createLead, listLeads, uniqueMobile, uniqueTag } from '../support/leads-api';

/** Three leads only this test's searches find: two qualified, one not. */
async function threeLeads(tag: string) {
  const created = [
    await createLead({ name: `${tag} Asha Rao`, email: `asha.${tag}@example.in`, location: 'Pune', qualified: true, budget: 4500000 }),
    await createLead({ name: `${tag} Bala Iyer`, location: 'Chennai', qualified: true, budget: '2.5 Cr' }),
    await createLead({ name: `${tag} Chitra Das`, location: 'Kolkata', qualified: false, phone: uniqueMobile() }),
  ];
  return created.map((lead) => lead.name);
}

test('shows the dashboard texts, the fixed figures and the live statistics', async ({ page, request }) => {
  await page.goto('/');
  const panel = dashboard(page);
  await expect(panel.getByRole('heading', { level: 2, name: 'Real eState Admin Dashboard' })).toBeVisible();
  await expect(panel.getByText('Real-time lead management and analytics')).toBeVisible();
  await expect(panel.getByText('Demo mode: the staff dashboard is open')).toBeVisible();
  for (const [label, value] of [['Growth', '24%'], ['Revenue', '₹2.4Cr'], ['Active', '127']]) {
    await expect(panel.locator('.stat-tile', { hasText: label })).toContainText(value);
  }
  await expect(panel.getByRole('heading', { level: 3, name: 'Real Estate AI Agent' })).toBeVisible();
  await expect(panel.getByText('Lead Management Dashboard')).toBeVisible();

  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const stats = await (await request.get(`/api/leads/stats?tz=${encodeURIComponent(timeZone)}`)).json();
  const stat = (label: string) => panel.locator('.lead-stat', { has: page.getByText(label, { exact: true }) });
  await expect(stat('Total Leads')).toContainText(String(stats.total));
  await expect(stat('Qualified')).toContainText(String(stats.qualified));
  await expect(stat('This Month')).toContainText(String(stats.thisMonth));
  const change = stats.unqualifiedLastMonth === 0
    ? 'No data last month'
    : `${Math.round(((stats.unqualifiedThisMonth - stats.unqualifiedLastMonth) / stats.unqualifiedLastMonth) * 100)}% from last month`;
  await expect(stat('Unqualified')).toContainText(String(stats.unqualified));
  await expect(stat('Unqualified')).toContainText(change);
  const agent = panel.getByRole('region', { name: 'AI Agent Status' });
  await expect(agent).toContainText('Active');
  await expect(agent).toContainText(`Processed Today${stats.processedToday}`);
  await expect(filterButton(page, 'All Leads')).toHaveText(`All Leads (${stats.total})`);

  // The chart arrives lazily, in its own file, and reads the per-day counts.
  const chart = panel.getByRole('figure', { name: 'Leads per day' });
  await expect(chart.getByRole('img', { name: 'Leads per day' })).toBeVisible();
  await expect(chart).toContainText(/\d+ qualified and \d+ unqualified leads in the last 30 days\./);
});

test('searches on the server, filters with counts, and keeps the view in the URL', async ({ page }) => {
  const tag = uniqueTag();
  const [asha, bala, chitra] = await threeLeads(tag);
  await page.goto('/');
  await searchBox(page).fill(tag.toUpperCase());
  await expect(showing(page)).toHaveText(`Showing 3 results for "${tag.toUpperCase()}"`);
  await expect(filterButton(page, 'All Leads')).toHaveText('All Leads (3)');
  await expect(filterButton(page, 'Qualified')).toHaveText('Qualified (2)');
  await expect(filterButton(page, 'Unqualified')).toHaveText('Unqualified (1)');
  expect(await cardNames(page)).toEqual([chitra, bala, asha]);

  await filterButton(page, 'Qualified').click();
  await expect(results(page).getByRole('heading', { name: 'Qualified Leads' })).toBeVisible();
  await expect(showing(page)).toHaveText(`Showing 2 results for "${tag.toUpperCase()}"`);
  await expect(leadCards(page)).toHaveCount(2);
  expect(await cardNames(page)).toEqual([bala, asha]);
  await expect(filterButton(page, 'Qualified')).toHaveAttribute('aria-pressed', 'true');
  expect(new URL(page.url()).searchParams.get('status')).toBe('qualified');
  expect(new URL(page.url()).searchParams.get('q')).toBe(tag.toUpperCase());

  // A reload, or the link shared with a colleague, shows the same view.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(tag.toUpperCase());
  await expect(results(page).getByRole('heading', { name: 'Qualified Leads' })).toBeVisible();
  await expect(showing(page)).toHaveText(`Showing 2 results for "${tag.toUpperCase()}"`);

  // Back undoes the filter.
  await filterButton(page, 'Unqualified').click();
  await expect(showing(page)).toHaveText(`Showing 1 results for "${tag.toUpperCase()}"`);
  await page.goBack();
  await expect(results(page).getByRole('heading', { name: 'Qualified Leads' })).toBeVisible();

  // The search covers email and location too.
  await searchBox(page).fill(`asha.${tag}@`);
  await expect(showing(page)).toHaveText(`Showing 1 results for "asha.${tag}@"`);
  await expect(leadCard(page, asha)).toBeVisible();
});

test('finds a lead by its phone number in the writings staff use', async ({ page }) => {
  const tag = uniqueTag();
  const phone = uniqueMobile();
  const national = phone.slice(3);
  const { name } = await createLead({ name: `${tag} Dev Malhotra`, phone });
  await page.goto('/');
  for (const written of [`0${national.slice(0, 5)} ${national.slice(5)}`, `+91 ${national.slice(0, 5)}-${national.slice(5)}`, national]) {
    await searchBox(page).fill(written);
    await expect(showing(page)).toHaveText(`Showing 1 results for "${written}"`);
    expect(await cardNames(page)).toEqual([name]);
  }
});

test('filters by a source chosen from those in use with their counts, any case as one, at once and from the keyboard', async ({ page }) => {
  const tag = uniqueTag();
  const source = `Walk-in ${tag}`;
  const names: string[] = [];
  for (const [person, spelling] of [['Isha Rao', source], ['Jai Shah', source], ['Kiran Das', source.toUpperCase()]]) {
    names.unshift((await createLead({ name: `${tag} ${person}`, source: spelling })).name);
  }
  await createLead({ name: `${tag} Lata Iyer` });
  await page.goto('/');
  const filter = dashboard(page).getByLabel('Source', { exact: true });
  await expect(filter.locator('option', { hasText: source })).toHaveText(`${source} (3)`);

  // Typing an option's name on the focused list chooses it; the list applies it without Enter.
  await filter.focus();
  await page.keyboard.type(source);
  await expect(showing(page)).toHaveText('Showing 3 results');
  expect(await cardNames(page)).toEqual(names);
  expect(new URL(page.url()).searchParams.get('source')).toBe(source);

  // A link naming the source in another case shows the same leads, as that source.
  await page.goto(`/?source=${encodeURIComponent(source.toLowerCase())}`);
  await expect(showing(page)).toHaveText('Showing 3 results');
  await expect(filter).toHaveValue(source);

  await filter.selectOption({ label: 'Any source' });
  await expect(page).toHaveURL((url) => !url.searchParams.has('source'));
});

test('shows the empty state for a search that matches nothing, with a way to add a lead', async ({ page }) => {
  const term = `${uniqueTag()} nobody`;
  await page.goto(`/?q=${encodeURIComponent(term)}`);
  await expect(results(page).getByRole('heading', { name: 'No leads found' })).toBeVisible();
  await expect(results(page).getByText(`No leads match "${term}"`)).toBeVisible();
  await expect(showing(page)).toHaveText(`Showing 0 results for "${term}"`);
  await expect(filterButton(page, 'All Leads')).toHaveText('All Leads (0)');
  await results(page).getByRole('button', { name: 'Add Your First Lead' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Lead' })).toBeVisible();
});

test('Export CSV downloads leads.csv with exactly the rows of the view', async ({ page }) => {
  const tag = uniqueTag();
  const [, , chitra] = await threeLeads(tag);
  await page.goto(`/?status=unqualified&q=${tag}`);
  await expect(showing(page)).toHaveText(`Showing 1 results for "${tag}"`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('leads.csv');
  const rows: Record<string, string>[] = parse(await readFile(await download.path()), { columns: true, bom: true });
  expect(rows.map((row) => row.name)).toEqual(await cardNames(page));
  expect(rows).toEqual([expect.objectContaining({ name: chitra, qualified: 'false', location: 'Kolkata' })]);

  await filterButton(page, 'All Leads').click();
  await expect(showing(page)).toHaveText(`Showing 3 results for "${tag}"`);
  const [everything] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const allRows: Record<string, string>[] = parse(await readFile(await everything.path()), { columns: true, bom: true });
  expect(allRows.map((row) => row.name)).toEqual(await cardNames(page));
});

test('Import CSV creates the good rows and lists each rejected line with its reason', async ({ page }) => {
  const tag = uniqueTag();
  const csv = [
    'name,email,phone,location,qualified,budget',
    `${tag} Farah Khan,farah.${tag}@example.in,${uniqueMobile()},Hyderabad,true,9500000`,
    `${tag} Gopal Nair,,,Kochi,false,60 Lakh`,
    `${tag} Bad Email,not-an-email,,Goa,false,`,
    `,nameless.${tag}@example.in,,Goa,true,`,
  ].join('\n');
  await page.goto('/');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name: 'new-leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog).toContainText('new-leads.csv');
  // The preview first: its dry run counts what the import will do.
  const wouldCreate = dialog.locator('.import-result__counts div', { hasText: 'Would create' }).locator('dd');
  await expect(wouldCreate).toHaveText('2');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const count = (label: string) => dialog.locator('.import-result__counts div', { hasText: label }).locator('dd');
  await expect(count('Created')).toHaveText('2');
  await expect(count('Updated')).toHaveText('0');
  await expect(count('Skipped')).toHaveText('2');
  await expect(dialog.getByRole('heading', { name: 'Rejected lines' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Line 4: email must be a valid email address', 'Line 5: name is required']);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await searchBox(page).fill(tag);
  await expect(showing(page)).toHaveText(`Showing 2 results for "${tag}"`);
  await expect(leadCard(page, `${tag} Farah Khan`)).toContainText('₹95,00,000');
  await expect(leadCard(page, `${tag} Gopal Nair`)).toContainText('₹60 Lakh');
});

test("Import CSV of a file whose rows do not line up with its header shows the server's reason and imports nothing", async ({ page }) => {
  const tag = uniqueTag();
  const csv = ['name,email,location', `${tag} Fine Row,fine.${tag}@example.in,Pune`, `${tag} Long Row,long.${tag}@example.in,Pune,surplus`].join('\n');
  await page.goto('/');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
  await chooser.setFiles({ name: 'misaligned.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog.getByRole('alert')).toHaveText('The import failed: Invalid file: line 3 has 4 cells; the header has 3');
  await expect(dialog.locator('.import-result__counts')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await searchBox(page).fill(tag);
  await expect(showing(page)).toHaveText(`Showing 0 results for "${tag}"`);
});

test('a lead added with the form appears at the top of the list', async ({ page }) => {
  const name = `${uniqueTag()} Kavya Nair`;
  const mobile = uniqueMobile();
  await page.goto('/');
  await expect(leadCards(page).first()).toBeVisible();
  const total = Number((await filterButton(page, 'All Leads').textContent())!.match(/\((\d+)\)/)![1]);

  await dashboard(page).getByRole('button', { name: 'Add Lead' }).click();
  const form = page.getByRole('dialog', { name: 'Add Lead' });
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await expect(form.getByLabel('Name')).toBeFocused();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('kavya@');
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email must be a valid email address');

  await form.getByLabel('Email').fill('');
  // Shaped like a number, but no number in India: the server's refusal lands on the field.
  await form.getByLabel('Phone').fill('123456');
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription('With country code, or a number in India Phone is not a valid phone number');
  await expect(form.getByLabel('Phone')).toBeFocused();

  // A national number: the server writes it in international form.
  await form.getByLabel('Phone').fill(mobile.slice(3));
  await form.getByLabel('Location').fill('Kochi');
  await form.getByLabel('Property interest').fill('2 BHK Apartment');
  await form.getByLabel('Budget').fill('5500000');
  await form.getByLabel('Timeline').fill('2 months');
  await form.getByLabel('Loan needed').selectOption({ label: 'Yes' });
  await form.getByLabel('Qualified').check();
  await form.getByRole('button', { name: 'Add Lead' }).click();
  await expect(form).toBeHidden();

  const first = leadCards(page).first();
  await expect(first.getByRole('heading')).toHaveText(name);
  await expect(first).toHaveAttribute('data-highlighted', 'true');
  await expect(first).toContainText(mobile);
  await expect(first).toContainText('₹55,00,000');
  await expect(first).toContainText('Qualified');
  await expect(filterButton(page, 'All Leads')).toHaveText(`All Leads (${total + 1})`);
  await expect(showing(page)).toHaveText(`Showing ${total + 1} results`);
  // The highlight is short.
  await expect(first).not.toHaveAttribute('data-highlighted', 'true', { timeout: 8000 });
});

test('loads further pages as the list scrolls, with only the cards in view in the page', async ({ page }) => {
  const tag = uniqueTag();
  // Enough leads for a second page of 50, whatever the other tests added.
  for (let i = 0; i < 12; i += 1) await createLead({ name: `${tag} Scroll ${i}` });
  const everyone = await listLeads();
  expect(everyone.length).toBeGreaterThan(50);
  const oldest = everyone.at(-1)!.name;

  const nextPages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/leads?') && request.url().includes('cursor=')) nextPages.push(request.url());
  });
  await page.goto('/');
  await expect(showing(page)).toHaveText(`Showing ${everyone.length} results`);
  // Virtual: a few cards are in the page, not all of them.
  expect(await leadCards(page).count()).toBeLessThan(20);

  await expect(async () => {
    await leadList(page).evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await expect(leadCard(page, oldest)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(nextPages.length).toBeGreaterThan(0);
  expect(await leadCards(page).count()).toBeLessThan(20);
  await expect(leadList(page).locator(`[aria-posinset="${everyone.length}"]`)).toContainText(oldest);
});

test('works with the keyboard alone, with a visible focus ring', async ({ page }) => {
  const tag = uniqueTag();
  const [asha, bala] = await threeLeads(tag);
  await page.goto('/');
  await expect(leadCards(page).first()).toBeVisible();

  const focusOn = async (isTarget: () => Promise<boolean>, limit = 80) => {
    for (let i = 0; i < limit && !(await isTarget()); i += 1) await page.keyboard.press('Tab');
  };
  await focusOn(() => searchBox(page).evaluate((el) => el === document.activeElement));
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(tag);
  await expect(showing(page)).toHaveText(`Showing 3 results for "${tag}"`);

  await focusOn(() => filterButton(page, 'Qualified').evaluate((el) => el === document.activeElement), 10);
  await expect(filterButton(page, 'Qualified')).toBeFocused();
  const ring = await filterButton(page, 'Qualified').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(ring).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(showing(page)).toHaveText(`Showing 2 results for "${tag}"`);

  const details = leadCard(page, bala).getByRole('button', { name: 'View Details' });
  // The filters on the way (a date field is a stop per part: day, month, year) and each card's selection checkbox.
  await focusOn(() => details.evaluate((el) => el === document.activeElement), 24);
  await expect(details).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: bala });
  await expect(panel).toBeVisible();
  await expect(panel.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(details).toBeFocused();

  const call = leadCard(page, asha).getByRole('button', { name: 'Call To Customer' });
  await focusOn(() => call.evaluate((el) => el === document.activeElement), 10);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Call ${asha}` });
  await expect(dialog).toBeVisible();
  // Tab stays inside the dialog.
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(call).toBeFocused();
});
