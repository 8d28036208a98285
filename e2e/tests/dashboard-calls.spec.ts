import type { PlacedCall } from '@lead-desk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { endOfCallReport, statusUpdate } from '../../apps/api/test/fixtures/vapi-messages';
import { filterButton, leadCard, leadCards, openLive, searchBox, showing } from '../support/dashboard-page';
import { createLead, postWebhook, uniqueMobile, uniqueTag } from '../support/leads-api';
import { setVoiceBehaviour, voiceRequests } from '../support/voice-platform-control';

/** An end-of-call report about a caller no one has seen before. */
function reportFromNewCaller(tag: string) {
  const callId = `call-${tag}`;
  const name = `${tag} Sanjay Kulkarni`;
  const report = endOfCallReport({
    callId,
    number: uniqueMobile(),
    structuredData: { name, email: `sanjay.${tag}@example.in`, location: 'Pune', interestedIn: '3 BHK Apartment', budget: '95 Lakh', timeline: '3 months', loanNeeded: true, qualified: true },
  });
  return { name, report };
}

async function openCallDialog(page: Page, name: string, phase = 'Ready to call') {
  await openLive(page, `/?q=${encodeURIComponent(name)}`);
  await leadCard(page, name).getByRole('button', { name: 'Call To Customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Call ${name}` });
  await expect(dialog.getByRole('status')).toHaveText(phase);
  return dialog;
}

test('a lead from a call the agent just finished appears live, highlighted, without a reload', async ({ page }) => {
  const { name, report } = reportFromNewCaller(uniqueTag());
  await openLive(page, '/');
  await expect(leadCards(page).first()).toBeVisible();
  const total = Number((await filterButton(page, 'All Leads').textContent())!.match(/\((\d+)\)/)![1]);
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));

  await postWebhook(report);
  const first = leadCards(page).first();
  await expect(first.getByRole('heading')).toHaveText(name);
  await expect(first).toHaveAttribute('data-highlighted', 'true');
  await expect(first).toContainText('voice bot', { ignoreCase: true });
  await expect(first).toContainText('₹95 Lakh');
  await expect(filterButton(page, 'All Leads')).toHaveText(`All Leads (${total + 1})`);
  expect(reloaded).toBe(false);
});

test("the details panel shows every field and the lead's call with summary, transcript and recording", async ({ page }) => {
  const { name, report } = reportFromNewCaller(uniqueTag());
  await postWebhook(report);
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await leadCard(page, name).getByRole('button', { name: 'View Details' }).click();

  const panel = page.getByRole('dialog', { name });
  const field = (label: string) => panel.locator('.lead-details__fields > div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(field('Email')).toHaveText(`sanjay.${name.split(' ')[0]}@example.in`);
  await expect(field('Location')).toHaveText('Pune');
  await expect(field('Property interest')).toHaveText('3 BHK Apartment');
  await expect(field('Budget')).toHaveText('₹95 Lakh');
  await expect(field('Timeline')).toHaveText('3 months');
  await expect(field('Loan')).toHaveText('Needed');
  await expect(field('Qualified')).toHaveText('Yes');

  const call = panel.getByRole('article');
  await expect(call.getByRole('heading', { level: 4 })).toContainText('Inbound call');
  await expect(call).toContainText('The caller wants a 3 BHK apartment in Pune for about 95 Lakh');
  await expect(call.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(call).toContainText('AI: Namaste! This is Riya from Lead Desk Realty.');
  await expect(call).toContainText('User: Hi, I want a 3 BHK in Pune, budget around 95 lakh.');
  await expect(call).toContainText('customer-ended-call');
  await expect(call).toContainText('3 min 13 s');
  // The player asks the API, which fetches the private recording from Vapi.
  await expect(call.locator('audio[controls]')).toHaveAttribute('src', /^\/api\/calls\/[^/]+\/recording$/);
});

test("the call's recording plays and seeks in the browser, streamed by the API from Vapi's private storage", async ({ page }) => {
  const { name, report } = reportFromNewCaller(uniqueTag());
  await postWebhook(report);
  const recordingAnswers: { status: number; contentType: string | undefined }[] = [];
  page.on('response', (response) => {
    if (/\/api\/calls\/[^/]+\/recording$/.test(new URL(response.url()).pathname)) {
      recordingAnswers.push({ status: response.status(), contentType: response.headers()['content-type'] });
    }
  });
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await leadCard(page, name).getByRole('button', { name: 'View Details' }).click();
  const audio = page.getByRole('dialog', { name }).getByLabel('Recording');

  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { duration: element.duration, currentTime: element.currentTime, error: element.error?.message ?? null };
  });
  // The fake's recording is a 2-second WAV tone.
  expect(played.error).toBeNull();
  expect(played.duration).toBeCloseTo(2, 1);
  expect(played.currentTime).toBeGreaterThan(0);

  const seeked = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.pause();
    await new Promise<void>((resolve) => {
      element.addEventListener('seeked', () => resolve(), { once: true });
      element.currentTime = 1.5;
    });
    return { currentTime: element.currentTime, error: element.error?.message ?? null };
  });
  expect(seeked).toEqual({ currentTime: 1.5, error: null });
  expect(recordingAnswers.length).toBeGreaterThan(0);
  expect(recordingAnswers.every(({ status, contentType }) => [200, 206].includes(status) && contentType === 'audio/wav')).toBe(true);
  // Chromium fetches media in ranges: the API answered at least one with 206.
  expect(recordingAnswers.some(({ status }) => status === 206)).toBe(true);
});

test('the outbound call goes from dialing to in progress to ended as the voice platform reports', async ({ page }) => {
  await setVoiceBehaviour('success');
  const name = `${uniqueTag()} Rohan Mehta`;
  const mobile = uniqueMobile();
  // Entered as a national number: the dialog shows the number the server actually dials.
  await createLead({ name, phone: mobile.slice(3) });
  const dialog = await openCallDialog(page, name);
  await expect(dialog).toContainText(`The agent will call ${mobile}.`);

  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/calls') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Start Call' }).click(),
  ]);
  const placed = (await answer.json()) as PlacedCall;
  expect(placed.number).toBe(mobile);
  await expect(dialog.getByRole('status')).toHaveText('Dialing');
  await expect(dialog).toContainText(`Dialing ${mobile}…`);
  const [outbound] = (await voiceRequests()).filter((request) => request.path === '/call');
  expect(outbound.body).toMatchObject({ customer: { number: mobile, name } });

  await postWebhook(statusUpdate(placed.vapiCallId, 'ringing'));
  await postWebhook(statusUpdate(placed.vapiCallId, 'in-progress'));
  await expect(dialog.getByRole('status')).toHaveText('In progress');
  await expect(dialog).toContainText(`Talking with ${mobile}.`);

  await postWebhook(statusUpdate(placed.vapiCallId, 'ended'));
  await expect(dialog.getByRole('status')).toHaveText('Call ended');
  await expect(dialog).toContainText('Ended reason: customer-ended-call');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await leadCard(page, name).getByRole('button', { name: 'Call To Customer' }).click();
  await expect(page.getByRole('dialog', { name: `Call ${name}` }).getByRole('status')).toHaveText('Ready to call');
});

test('a lead without a phone number gets "No phone number found." at once, with no call to start', async ({ page }) => {
  const name = `${uniqueTag()} Meera Joshi`;
  await createLead({ name, email: `meera.${name.split(' ')[0]}@example.in` });
  const dialog = await openCallDialog(page, name, 'Cannot call');
  await expect(dialog.getByRole('alert')).toHaveText('No phone number found.');
  await expect(dialog.getByRole('button', { name: /Start Call|Try Again/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
});

test("a refusal by the voice platform is shown with the platform's reason, and Try Again calls again", async ({ page }) => {
  await setVoiceBehaviour('server-error');
  const name = `${uniqueTag()} Vikram Singh`;
  await createLead({ name, phone: uniqueMobile() });
  const dialog = await openCallDialog(page, name);
  await dialog.getByRole('button', { name: 'Start Call' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The voice platform refused the call: Internal server error');

  await setVoiceBehaviour('success');
  await dialog.getByRole('button', { name: 'Try Again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Dialing');
  await expect(dialog.getByRole('alert')).toBeHidden();
});

test('a live lead joins a searched list only when the search matches it', async ({ page }) => {
  const tag = uniqueTag();
  await openLive(page, `/?q=${tag}`);
  await expect(showing(page)).toHaveText(`Showing 0 results for "${tag}"`);
  // Events arrive in order: once the matching lead shows, the other one has been handled too.
  await postWebhook(reportFromNewCaller(uniqueTag()).report);
  const { name, report } = reportFromNewCaller(tag);
  await postWebhook(report);
  await expect(leadCard(page, name)).toBeVisible();
  await expect(showing(page)).toHaveText(`Showing 1 results for "${tag}"`);
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(leadCards(page)).toHaveCount(1);
});

test('Call To Customer is disabled with the reason while the lead is Do Not Call, and comes back when staff clear it', async ({ page }) => {
  const name = `${uniqueTag()} Farah Khan`;
  const lead = await createLead({ name, phone: uniqueMobile() });
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/leads/${lead._id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ doNotCall: true, doNotCallReason: 'Asked us by email' }),
  });
  expect(response.status).toBe(200);

  await openLive(page, `/?q=${encodeURIComponent(name)}`);
  const card = leadCard(page, name);
  const call = card.getByRole('button', { name: 'Call To Customer' });
  await expect(card).toContainText('This lead is Do Not Call: Asked us by email.');
  await expect(call).toBeDisabled();

  await card.getByRole('button', { name: 'View Details' }).click();
  const rules = page.getByRole('dialog', { name }).getByRole('region', { name: 'Calling rules' });
  await expect(rules).toContainText('Do Not Call: Asked us by email');
  await rules.getByRole('button', { name: 'Allow calls again' }).click();
  await expect(rules.getByRole('status')).toHaveText('Calls allowed now.');
  await page.keyboard.press('Escape');
  await expect(call).toBeEnabled();
  await expect(card).not.toContainText('Do Not Call');
});
