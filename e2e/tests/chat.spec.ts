import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { leadCards } from '../support/dashboard-page';
import { uniqueTag } from '../support/leads-api';
import { setChatBehaviour, vapiSession, voiceRequests } from '../support/voice-platform-control';

const SCREENSHOTS = join(__dirname, '../test-results/screenshots');
const STORAGE_KEY = 'lead-desk:chat';

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Chat with AI' });
const conversation = (page: Page) => chatPanel(page).getByRole('log', { name: 'Conversation' });
const lines = (page: Page) => conversation(page).getByRole('listitem');
const messageBox = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Your message' });
/** The fake assistant's answer to a message, as it says it. */
const reply = (text: string) => `Happy to help with "${text}". Which city are you looking in?`;

/** The session the page keeps in this browser (the API names it after Vapi's). */
async function keptSessionId(page: Page): Promise<string> {
  const kept = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY);
  return (JSON.parse(kept ?? '{}') as { state?: { session?: { sessionId: string } } }).state?.session?.sessionId ?? '';
}

/** Serious and critical axe findings in the chat panel. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

// A browser on a machine shared with other work: streamed answers and axe take their time.
test.beforeEach(() => test.slow());

/** Ends the test's chat, so none is left for the idle finisher to turn into a lead during later tests. */
async function endChat(page: Page): Promise<void> {
  await chatPanel(page).getByRole('button', { name: 'End chat' }).click();
  await expect(conversation(page)).toContainText('You ended the chat.');
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 30): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('"Chat with AI" opens a chat with the agent, not a call; its words stream in, a reload keeps the conversation, "End chat" ends it, and the chat becomes a lead live on the dashboard', async ({ page }) => {
  // Paced words: each streamed chunk a quarter of a second after the last.
  await setChatBehaviour({ chatChunkDelayMs: 250 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Chat with AI' }).click();
  await expect(messageBox(page)).toBeFocused();

  const first = `${uniqueTag()} 2BHK in Pune under 1 Cr`;
  await messageBox(page).fill(first);
  await page.keyboard.press('Enter');
  await expect(lines(page).first()).toHaveText(`You: ${first}`);
  // The first words show while the answer is still coming (its line busy), the rest after.
  const answer = lines(page).nth(1);
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(answer).toContainText('Happy to');
  await expect(answer).not.toContainText('Which city are you looking in?');

  // Written while the agent answers: sent once the answer has finished.
  await messageBox(page).fill('Near a metro station');
  await page.keyboard.press('Enter');
  await expect(lines(page).nth(2)).toHaveText('You: Near a metro stationSent when the agent has answered');
  await expect(answer).toHaveText(`Agent: ${reply(first)}`);
  await expect(answer).not.toHaveAttribute('aria-busy');
  await expect(lines(page)).toHaveCount(4);
  await expect(lines(page).nth(3)).toHaveText(`Agent: ${reply('Near a metro station')}`, { timeout: 20_000 });

  const chats = (await voiceRequests()).filter((request) => request.path === '/chat' || request.path === '/chat/web');
  expect(chats).toHaveLength(2);
  // The browser never talks to the voice platform for the chat: the API does, with the private key.
  expect(chats.every((request) => request.authorization === 'Bearer test-private-key')).toBe(true);
  expect((await voiceRequests()).filter((request) => request.path === '/call/web')).toEqual([]);
  const sessionId = await keptSessionId(page);
  expect(sessionId).not.toBe('');
  // Unpaced from here on.
  await setChatBehaviour();

  // A reload: the panel is back, open, with the conversation, which goes on in the same session.
  await page.reload();
  await expect(lines(page)).toHaveCount(4);
  await expect(lines(page).nth(3)).toHaveText(`Agent: ${reply('Near a metro station')}`);
  await messageBox(page).fill('Any with parking?');
  await page.keyboard.press('Enter');
  await expect(lines(page).nth(5)).toHaveText(`Agent: ${reply('Any with parking?')}`);
  expect(await keptSessionId(page)).toBe(sessionId);
  expect((await vapiSession(sessionId)).messages.length).toBeGreaterThanOrEqual(6);

  const chatLeads = leadCards(page).filter({ hasText: 'chat bot' });
  await expect(leadCards(page).first()).toBeVisible();
  const chatLeadsBefore = await chatLeads.count();
  await chatPanel(page).getByRole('button', { name: 'End chat' }).click();
  await expect(conversation(page)).toContainText('You ended the chat. Write a message to start a new one.');
  await expect(lines(page)).toHaveCount(0);
  await expect.poll(async () => (await vapiSession(sessionId)).status).toBe('completed');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBeNull();

  // Without a reload, the finished chat is a lead on the dashboard (source chat bot, newest first), the chat on its timeline.
  await chatPanel(page).getByRole('button', { name: 'Close' }).click();
  await expect(chatPanel(page)).toBeHidden();
  await expect(chatLeads).toHaveCount(chatLeadsBefore + 1, { timeout: 20_000 });
  const card = leadCards(page).first();
  await expect(card).toContainText('chat bot');
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Unknown visitor' });
  const entry = details.getByRole('region', { name: 'Activity' }).getByRole('listitem').filter({ hasText: 'Chat with the agent' });
  await expect(entry).toContainText('Chat with the agent (6 messages, ended by the visitor)');
  await entry.getByRole('button', { name: 'Show the chat' }).click();
  await expect(entry.getByRole('listitem')).toHaveText([
    `Visitor: ${first}`,
    `Agent: ${reply(first)}`,
    'Visitor: Near a metro station',
    `Agent: ${reply('Near a metro station')}`,
    'Visitor: Any with parking?',
    `Agent: ${reply('Any with parking?')}`,
  ]);
});

test('a message the agent could not answer stays in the box, says why, and Retry sends it again once', async ({ page }) => {
  await setChatBehaviour({ chatBehaviour: 'server-error' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Chat with AI' }).click();
  await messageBox(page).fill('Villas in Goa?');
  await page.keyboard.press('Enter');
  const failure = chatPanel(page).getByRole('alert');
  await expect(failure).toContainText('Your message was not answered');
  await expect(messageBox(page)).toHaveValue('Villas in Goa?');
  await expect(lines(page)).toHaveCount(0);

  await setChatBehaviour();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(lines(page).nth(1)).toHaveText(`Agent: ${reply('Villas in Goa?')}`);
  await expect(failure).toBeHidden();
  await expect(messageBox(page)).toHaveValue('');
  expect((await voiceRequests()).filter((request) => request.path === '/chat')).toHaveLength(1);
  await endChat(page);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the chat works with the keyboard alone at 375 px and has no serious accessibility violations, in the ${theme} theme`, async ({ page }) => {
    await setChatBehaviour();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const opener = page.getByRole('button', { name: 'Chat with AI' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');

    // A dialog over the whole screen, the page behind it out of reach: focus in its box, and held within it.
    const panel = chatPanel(page);
    await expect(panel).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(0);
    await expect(messageBox(page)).toBeFocused();
    // Measured once it has slid in (a transform moves its box meanwhile); within the screen, to the half pixel.
    await panel.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375.5, `the panel's box: ${JSON.stringify(box)}`).toBe(true);
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.type('Plots near Nashik');
    await page.keyboard.press('Enter');
    await expect(lines(page).nth(1)).toHaveText(`Agent: ${reply('Plots near Nashik')}`);
    await expect(messageBox(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeFocused();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `chat-375-${theme}.png`) });

    // Escape closes it, focus back on the button; Enter opens it again, the conversation kept.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(lines(page)).toHaveCount(2);
    await tabTo(page, panel.getByRole('button', { name: 'End chat' }));
    await page.keyboard.press('Enter');
    await expect(conversation(page)).toContainText('You ended the chat.');
  });

  test(`on a wide screen the chat is a panel beside the page with no serious accessibility violations, in the ${theme} theme`, async ({ page }) => {
    await setChatBehaviour();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with AI' }).click();
    const panel = chatPanel(page);
    await expect(panel).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await messageBox(page).fill('Hello');
    await page.keyboard.press('Enter');
    await expect(lines(page).nth(1)).toHaveText(`Agent: ${reply('Hello')}`);
    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `chat-wide-${theme}.png`) });

    // The page stays usable beside it: the explorer's tabs answer while the chat stays open.
    await page.getByRole('tab', { name: /^Villas \(\d+\)$/ }).click();
    await expect(page.getByRole('tab', { name: /^Villas \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toBeVisible();
    await endChat(page);
  });
}
