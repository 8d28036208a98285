import { expect, test, type Page } from '@playwright/test';
import { dashboard, openLive } from '../support/dashboard-page';
import { createLead, createTask, uniqueTag, zoneAtNoon } from '../support/leads-api';

const widthToggle = (page: Page) => page.getByRole('button', { name: 'Full width' });

/** How far an element's content reaches past its box sideways (0: no sideways scrolling). */
const sidewaysOverflow = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => element.scrollWidth - element.clientWidth);

test('at 1440 px the dashboard can take the whole width, where the board shows every stage and the week’s calendar fits without scrolling sideways; the page remembers it', async ({ browser }) => {
  // A site visit this week, for the calendar to have a row (open mode: nobody's).
  const lead = await createLead({ name: `${uniqueTag()} Kavya Nair`, location: 'Kochi' });
  await createTask({ leadId: lead._id, type: 'site_visit', dueAt: new Date(Date.now() + 30 * 60_000).toISOString(), propertyId: 5 });
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: zoneAtNoon() })).newPage();
  await openLive(page, '/?layout=board');
  const columns = page.locator('section.board-column');
  // The seed's seven stages.
  await expect(columns).toHaveCount(7);

  // Two halves by default: the dashboard on the right, the board scrolls sideways within it.
  await expect(widthToggle(page)).toHaveAttribute('aria-pressed', 'false');
  expect((await dashboard(page).boundingBox())!.x).toBeGreaterThan(600);
  expect(await sidewaysOverflow(page, '.pipeline-board__columns')).toBeGreaterThan(0);
  await expect(dashboard(page).getByRole('table', { name: /^Site visits/ })).toContainText(lead.name);
  expect(await sidewaysOverflow(page, '.visit-calendar__scroll')).toBeGreaterThan(0);

  await widthToggle(page).click();
  await expect(widthToggle(page)).toHaveAttribute('aria-pressed', 'true');
  const panel = (await dashboard(page).boundingBox())!;
  expect(panel.x).toBeLessThan(40);
  expect(panel.width).toBeGreaterThan(1360);
  await expect.poll(() => sidewaysOverflow(page, '.pipeline-board__columns')).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // Every column's name and count lie inside the board's visible box.
  const board = (await page.locator('.pipeline-board__columns').boundingBox())!;
  for (const column of await columns.all()) {
    await expect(column.getByTestId('board-column-count')).toBeVisible();
    for (const part of [column.getByRole('heading').first(), column.getByTestId('board-column-count')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(board.x);
      expect(box.x + box.width).toBeLessThanOrEqual(board.x + board.width);
    }
  }
  // The week's calendar fits too.
  expect(await sidewaysOverflow(page, '.visit-calendar__scroll')).toBe(0);
  // Cards stay readable: a card's name is not squeezed to nothing.
  const cardName = page.locator('.board-card__name').first();
  expect((await cardName.boundingBox())!.width).toBeGreaterThan(80);

  // Remembered by the page.
  await openLive(page, '/?layout=board');
  await expect(widthToggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => sidewaysOverflow(page, '.pipeline-board__columns')).toBe(0);

  // And back to the two halves.
  await widthToggle(page).click();
  await expect(widthToggle(page)).toHaveAttribute('aria-pressed', 'false');
  expect((await dashboard(page).boundingBox())!.x).toBeGreaterThan(600);
  await page.context().close();
});
