import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { boardCard, boardColumn, openLive } from '../support/dashboard-page';
import { createLead, listLeads, uniqueTag } from '../support/leads-api';

/** A board of this test's leads only (its tag as the search), open in a browser of its own. */
async function openBoard(browser: Browser, tag: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await openLive(page, `/?layout=board&q=${tag}`);
  await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
  return page;
}

async function expectInColumn(page: Page, name: string, stage: string, count: string) {
  await expect(boardColumn(page, stage).getByTestId('board-card').filter({ hasText: name })).toBeVisible();
  await expect(boardColumn(page, stage).getByTestId('board-column-count')).toHaveText(count);
}

test('a card dragged to another column moves there, also live in a second browser', async ({ browser }) => {
  const tag = uniqueTag();
  const { name, _id: id } = await createLead({ name: `${tag} Meera Joshi`, location: 'Nagpur', qualified: true });
  const mover = await openBoard(browser, tag);
  const watcher = await openBoard(browser, tag);
  await expectInColumn(mover, name, 'New', '1');
  await expectInColumn(watcher, name, 'New', '1');

  // The board sits below the statistics: bring it into view, as a user scrolls to it, before pressing the mouse.
  await boardColumn(mover, 'Contacted').scrollIntoViewIfNeeded();
  const from = (await boardCard(mover, name).boundingBox())!;
  const to = (await boardColumn(mover, 'Contacted').boundingBox())!;
  await mover.mouse.move(from.x + from.width / 2, from.y + 20);
  await mover.mouse.down();
  await mover.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  await mover.mouse.up();

  await expectInColumn(mover, name, 'Contacted', '1');
  await expect(boardColumn(mover, 'New').getByTestId('board-column-count')).toHaveText('0');
  // The other browser was not touched: the live stream moved the card there.
  await expectInColumn(watcher, name, 'Contacted', '1');
  await expect(boardColumn(watcher, 'New').getByTestId('board-card')).toHaveCount(0);
  const [saved] = await listLeads({ q: tag });
  expect(saved).toMatchObject({ _id: id, stage: { id: 'stage-contacted', name: 'Contacted' }, version: 2 });
});

/**
 * Carries a picked-up card one column right per stage named. Each press waits for the
 * announcement of where the card is, as a user waits to hear it: a press while the board
 * still scrolls from the last one measures the old position.
 */
async function carryRight(page: Page, name: string, stages: string[]): Promise<void> {
  for (const stage of stages) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${name} is over ${stage}.`)).toBeAttached();
  }
}

test('a card moves by keyboard (Space, Right, Space), also live in a second browser', async ({ browser }) => {
  const tag = uniqueTag();
  const { name } = await createLead({ name: `${tag} Farhan Ali`, location: 'Lucknow', qualified: false });
  const mover = await openBoard(browser, tag);
  const watcher = await openBoard(browser, tag);
  await expectInColumn(mover, name, 'New', '1');

  await mover.getByRole('button', { name: `Move ${name}` }).focus();
  await mover.keyboard.press('Space');
  // Four columns to the right: past the board's visible width, so the board scrolls on the way.
  await carryRight(mover, name, ['Contacted', 'Site Visit Scheduled', 'Site Visit Done', 'Negotiation']);
  await mover.keyboard.press('Space');

  await expectInColumn(mover, name, 'Negotiation', '1');
  await expectInColumn(watcher, name, 'Negotiation', '1');
  await expect(boardColumn(watcher, 'New').getByTestId('board-column-count')).toHaveText('0');
  const [saved] = await listLeads({ q: tag });
  expect(saved.stage.name).toBe('Negotiation');
});

test('the list filters by stage, kept in the URL with the search', async ({ page }) => {
  const tag = uniqueTag();
  const { name } = await createLead({ name: `${tag} Ishaan Gupta`, location: 'Jaipur', qualified: true });
  await page.goto(`/?q=${tag}`);
  await expect(page.getByTestId('lead-card').filter({ hasText: name })).toBeVisible();
  await page.getByLabel('Stage').selectOption({ label: 'Contacted' });
  await expect(page.getByText(`Showing 0 results for "${tag}"`)).toBeVisible();
  expect(new URL(page.url()).search).toBe(`?q=${tag}&stage=stage-contacted`);
  await page.getByLabel('Owner').selectOption({ label: 'Unassigned' });
  await page.getByLabel('Stage').selectOption({ label: 'New' });
  await expect(page.getByText(`Showing 1 results for "${tag}"`)).toBeVisible();
  expect(new URL(page.url()).search).toBe(`?q=${tag}&stage=stage-new&owner=none`);
});

test('a move to Lost asks why; the board and its dialog have no serious accessibility violations', async ({ browser }) => {
  const tag = uniqueTag();
  const { name } = await createLead({ name: `${tag} Devika Menon`, location: 'Kochi', qualified: true });
  const page = await openBoard(browser, tag);
  await expectInColumn(page, name, 'New', '1');
  const serious = async (include: string) =>
    (await new AxeBuilder({ page }).include(include).analyze()).violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
  expect(await serious('.pipeline-board')).toEqual([]);

  await page.getByRole('button', { name: `Move ${name}` }).focus();
  await page.keyboard.press('Space');
  // Lost is the last of the seven default stages.
  await carryRight(page, name, ['Contacted', 'Site Visit Scheduled', 'Site Visit Done', 'Negotiation', 'Booked', 'Lost']);
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Move to Lost' });
  await expect(dialog).toBeVisible();
  expect(await serious('[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Lost reason').fill('Chose a ready-to-move flat elsewhere');
  await dialog.getByRole('button', { name: 'Move to Lost' }).click();

  await expectInColumn(page, name, 'Lost', '1');
  await expect(boardColumn(page, 'Lost')).toContainText('Chose a ready-to-move flat elsewhere');
  const [saved] = await listLeads({ q: tag });
  expect(saved).toMatchObject({ stage: { kind: 'lost' }, lostReason: 'Chose a ready-to-move flat elsewhere' });
});
