import { expect, test, type Page } from '@playwright/test';

const CATEGORIES = ['Apartments', 'Villas', 'Plots', 'Commercial'];
const RANGES: [string, number, number][] = [
  ['Under 50 Lakh', 0, 5_000_000],
  ['50 Lakh to 1 Cr', 5_000_000, 10_000_000],
  ['1 Cr to 2 Cr', 10_000_000, 20_000_000],
  ['Above 2 Cr', 20_000_000, Infinity],
];

/** The test's own reading of a price, independent of the page's code. */
function rupees(price: string): number {
  const match = /^₹\s*([\d.]+)\s*(Lakh|Cr)$/.exec(price.trim());
  if (!match) throw new Error(`Unreadable price ${price}`);
  return Number(match[1]) * (match[2] === 'Cr' ? 10_000_000 : 100_000);
}

const demo = (page: Page) => page.getByRole('region', { name: 'Customer Property Demo' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
const showing = (page: Page) => page.getByRole('tabpanel').getByText(/^Showing \d+ properties$/);

/** Every visible card's name and price, tab by tab. */
async function cardsPerTab(page: Page): Promise<Map<string, { name: string; price: string }[]>> {
  const result = new Map<string, { name: string; price: string }[]>();
  for (const category of CATEGORIES) {
    await tab(page, category).click();
    const cards = page.getByRole('tabpanel').getByRole('article');
    const entries: { name: string; price: string }[] = [];
    for (const card of await cards.all()) {
      entries.push({
        name: (await card.getByRole('heading').textContent())!.trim(),
        price: (await card.getByTestId('property-price').textContent())!.trim(),
      });
    }
    result.set(category, entries);
  }
  return result;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('shows the demo texts and fixed figures', async ({ page }) => {
  const section = demo(page);
  await expect(section.getByRole('heading', { level: 2, name: 'Customer Property Demo' })).toBeVisible();
  await expect(section.getByText('Explore premium properties with AI assistance')).toBeVisible();
  await expect(section.getByText('Available', { exact: true }).first()).toBeVisible();
  await expect(section).toContainText('247');
  await expect(section).toContainText('153');
  await expect(section.getByRole('button', { name: 'Browse Properties' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Chat with AI' })).toBeVisible();
  await expect(section.getByPlaceholder('Search properties...')).toBeVisible();
  const strip = section.getByTestId('property-figures');
  await expect(strip).toContainText('247');
  await expect(strip).toContainText('153');
  await expect(strip).toContainText('94');
  await expect(strip).toContainText('4.8');
  await expect(page.getByRole('combobox', { name: 'Price range' }).locator('option')).toHaveText([
    'All prices',
    ...RANGES.map(([label]) => label),
  ]);
});

test('has 16 properties, four per category, each card with image, name, location and price', async ({ page }) => {
  for (const category of CATEGORIES) await expect(tab(page, category)).toHaveText(`${category} (4)`);
  const perTab = await cardsPerTab(page);
  const all = [...perTab.values()].flat();
  expect(all).toHaveLength(16);
  expect(new Set(all.map((card) => card.name)).size).toBe(16);
  await tab(page, 'Villas').click();
  const card = page.getByRole('tabpanel').getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await expect(card.getByRole('img', { name })).toBeVisible();
  expect(await card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(showing(page)).toHaveText('Showing 4 properties');
});

test('filters each price range exactly by rupees, and every property is in one range', async ({ page }) => {
  const everything = [...(await cardsPerTab(page)).values()].flat();
  const seen = new Map<string, string>();
  for (const [label, from, to] of RANGES) {
    await page.getByRole('combobox', { name: 'Price range' }).selectOption({ label });
    const shown = [...(await cardsPerTab(page)).values()].flat();
    const expected = everything.filter((card) => rupees(card.price) >= from && rupees(card.price) < to);
    expect(shown.map((card) => card.name).sort()).toEqual(expected.map((card) => card.name).sort());
    for (const card of shown) {
      expect(seen.get(card.name), `${card.name} is in two ranges`).toBeUndefined();
      seen.set(card.name, label);
    }
  }
  expect(seen.size).toBe(16);
  // Both units occur, so the comparison really was across Lakh and Cr.
  expect(everything.some((card) => card.price.endsWith('Lakh'))).toBe(true);
  expect(everything.some((card) => card.price.endsWith('Cr'))).toBe(true);
});

test('searches name and location case-insensitively, with counts on the tabs', async ({ page }) => {
  const everything = [...(await cardsPerTab(page)).entries()];
  const [firstCategory, cards] = everything[0];
  const target = cards[0].name;
  const term = target.split(' ')[0].toUpperCase();
  await page.getByPlaceholder('Search properties...').fill(term);
  await tab(page, firstCategory).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: target })).toBeVisible();
  const countInTab = Number((await tab(page, firstCategory).textContent())!.match(/\((\d+)\)/)![1]);
  await expect(showing(page)).toHaveText(`Showing ${countInTab} properties`);

  await page.getByPlaceholder('Search properties...').fill('mumbai');
  const afterLocation = [...(await cardsPerTab(page)).values()].flat();
  expect(afterLocation.length).toBeGreaterThan(0);
  for (const category of CATEGORIES) {
    await tab(page, category).click();
    for (const card of await page.getByRole('tabpanel').getByRole('article').all()) {
      await expect(card).toContainText(/mumbai/i);
    }
  }
});

test('shows the empty state when nothing matches', async ({ page }) => {
  await page.getByPlaceholder('Search properties...').fill('no such place anywhere');
  for (const category of CATEGORIES) await expect(tab(page, category)).toHaveText(`${category} (0)`);
  await expect(showing(page)).toHaveText('Showing 0 properties');
  await expect(page.getByRole('tabpanel').getByText('No properties found')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Try adjusting your search criteria or explore other categories')).toBeVisible();
});

test('Browse Properties moves focus to the property explorer', async ({ page }) => {
  await page.getByRole('button', { name: 'Browse Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Property Explorer' })).toBeFocused();
});

test('the explorer works with the keyboard alone', async ({ page }) => {
  await page.getByRole('button', { name: 'Browse Properties' }).focus();
  await page.keyboard.press('Enter');
  const search = page.getByPlaceholder('Search properties...');
  for (let i = 0; i < 10 && !(await search.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(search).toBeFocused();
  await page.keyboard.type('villa');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Price range' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tab(page, 'Apartments')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Villas')).toBeFocused();
  await expect(tab(page, 'Villas')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toContainText(/villa/i);
  // The focused control shows a visible focus ring.
  const outline = await tab(page, 'Villas').evaluate((el) => getComputedStyle(el).outlineStyle + getComputedStyle(el).boxShadow);
  expect(outline).not.toBe('nonenone');
});

test('is usable at 375 px wide without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByPlaceholder('Search properties...')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
