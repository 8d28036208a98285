import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { leadCards, openLive, showing } from '../support/dashboard-page';
import { createStaff, importLeadsCsv, listLeads, uniqueTag } from '../support/leads-api';
import { seriousViolations } from '../support/accessibility';

const LEADS = 3000;
// Small batches, so the job takes long enough for its progress bar to be seen moving.
const BATCH = 50;

// An app of its own: thousands of leads would change the shared app's counts under the other tests.
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({ JOB_BATCH_SIZE: String(BATCH), LOG_LEVEL: 'warn' });
});
test.afterAll(() => stopApp(app));


/** Every aria-valuenow the page's progress bar shows from now on, as the page renders it. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

test('select all leads matching a search, assign them to an agent with a progress bar, save the view and open it in another browser', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const agent = await createStaff({ email: `${tag}@example.in`, name: `Agent ${tag}`, role: 'agent', password: 'a long enough password' }, app.url);
  const rows = Array.from({ length: LEADS }, (_, index) => `${tag} Buyer ${index + 1},Pune,${index % 2 === 0}`);
  expect(await importLeadsCsv(['name,location,qualified', ...rows].join('\n'), app.url)).toMatchObject({ created: LEADS, skipped: 0 });

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await openLive(page, `${app.url}/?q=${tag}`);
  await expect(showing(page)).toHaveText(`Showing ${LEADS} results for "${tag}"`);

  await page.getByRole('checkbox', { name: `Select ${tag} Buyer ${LEADS}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  expect(await seriousViolations(page, '.lead-results')).toEqual([]);
  await bar.getByRole('button', { name: 'Select all 3,000 matching' }).click();
  await expect(bar.getByText('3,000 selected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select ${tag} Buyer ${LEADS - 1}` })).toBeChecked();

  await bar.getByRole('button', { name: 'Assign owner' }).click();
  await bar.getByLabel('New owner').selectOption({ label: agent.name });
  await bar.getByRole('button', { name: 'Apply' }).click();
  const question = bar.getByRole('group', { name: `Assign 3,000 leads to ${agent.name}?` });
  await expect(question).toBeVisible();
  const progressSeen = await recordProgress(page);
  await question.getByRole('button', { name: 'Confirm' }).click();

  const progress = page.getByRole('progressbar', { name: `Assign 3,000 leads to ${agent.name}` });
  await expect(progress).toHaveAttribute('aria-valuemax', String(LEADS));
  expect(await seriousViolations(page, '.bulk-job')).toEqual([]);
  const job = page.getByRole('region', { name: `Assign 3,000 leads to ${agent.name}` });
  await expect(job.getByText('3,000 changed, 0 skipped')).toBeVisible({ timeout: 60_000 });
  await expect(progress).toBeHidden();
  // The bar was seen on its way: at least one value between none done and all done, never going back.
  const seen = await progressSeen();
  expect(seen.some((value) => value > 0 && value < LEADS), `progress seen: ${seen.join(', ')}`).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));

  const assigned = await listLeads({ q: tag, owner: agent.id }, app.url);
  expect(assigned).toHaveLength(LEADS);

  // The agent's leads as a shared view, opened in a browser of its own. A selection does not outlive its filter.
  await page.getByRole('checkbox', { name: `Select ${tag} Buyer ${LEADS}` }).check();
  await expect(bar.getByText('1 selected')).toBeVisible();
  await page.getByLabel('Owner').selectOption({ label: agent.name });
  await expect(page.getByText('Selection cleared: the filter changed.')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(showing(page)).toHaveText(`Showing ${LEADS} results for "${tag}"`);
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByLabel('View name').fill(`${tag} for the agent`);
  await page.getByLabel('Share with the team').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: `${tag} for the agent (${LEADS})` })).toBeVisible();

  const other = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await openLive(other, app.url);
  await other.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: `${tag} for the agent (${LEADS})` }).click();
  await expect(showing(other)).toHaveText(`Showing ${LEADS} results for "${tag}"`);
  expect(new URL(other.url()).searchParams.get('owner')).toBe(agent.id);
  await expect(leadCards(other).first()).toContainText(`${tag} Buyer`);
  await context.close();
  await other.context().close();
});

test('a bulk export of the leads picked one by one ends with leads.csv of exactly those leads to download', async ({ page }) => {
  const tag = uniqueTag();
  const names = ['Asha', 'Bala', 'Chitra'].map((name) => `${tag} ${name}`);
  await importLeadsCsv(['name,location,qualified', ...names.map((name) => `${name},Goa,true`)].join('\n'), app.url);
  await openLive(page, `${app.url}/?q=${tag}`);
  await expect(showing(page)).toHaveText(`Showing 3 results for "${tag}"`);
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Export' }).click();

  const job = page.getByRole('region', { name: 'Export 2 leads' });
  await expect(job.getByText('2 leads exported')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('link', { name: 'Download leads.csv' }).click()]);
  const rows: Record<string, string>[] = parse(await readFile(await download.path()), { columns: true, bom: true });
  expect(rows.map((row) => row.name).sort()).toEqual([names[0], names[2]].sort());
});
