import type { Page } from '@playwright/test';

/** Where things are on the dashboard, by role and visible text as a user finds them. */
export const dashboard = (page: Page) => page.getByRole('region', { name: 'Real eState Admin Dashboard' });
export const results = (page: Page) => page.getByRole('region', { name: /^(All|Qualified|Unqualified) Leads$/ });
export const leadList = (page: Page) => page.getByRole('region', { name: 'Lead list' });
export const leadCards = (page: Page) => page.getByTestId('lead-card');
export const leadCard = (page: Page, name: string) => leadCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
export const searchBox = (page: Page) => page.getByPlaceholder('Search leads...');
export const filterButton = (page: Page, label: 'All Leads' | 'Qualified' | 'Unqualified') =>
  page.getByRole('group', { name: 'Filter leads' }).getByRole('button', { name: new RegExp(`^${label}( \\(\\d+\\))?$`) });
export const showing = (page: Page) => results(page).getByRole('status').first();

/** The names on the cards in the page, top to bottom. */
export async function cardNames(page: Page): Promise<string[]> {
  return leadCards(page).getByRole('heading').allTextContents();
}

/**
 * Opens the page and waits until its live event stream (GET /api/events) has answered:
 * the server subscribes it before the first byte, so no change made afterwards is missed.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await page.goto(path);
  await stream;
}

/** Opens the app at `url` and signs a member of staff in on the dashboard; resolves once the live stream the session opens is up. */
export async function signInLive(page: Page, url: string, { email, password }: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  const panel = dashboard(page);
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await stream;
}

/** The pipeline board's column for a stage, and a lead's card on the board. */
export const boardColumn = (page: Page, stage: string) =>
  page.locator('section.board-column', { has: page.getByRole('heading', { name: stage, exact: true }) });
export const boardCard = (page: Page, name: string) => page.getByTestId('board-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
