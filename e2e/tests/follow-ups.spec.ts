import { randomBytes } from 'node:crypto';
import type { Lead, LeadWithCalls, StaffProfile, Task } from '@lead-desk/contracts';
import type { FakeServerUrl } from '@lead-desk/test-support';
import { expect, test, type Page } from '@playwright/test';
import { startApp, stopApp, type RunningApp } from '../support/app-process';
import { dashboard, openLive, signInLive } from '../support/dashboard-page';
import { uniqueMobile, uniqueTag, zoneAtNoon } from '../support/leads-api';
import { staffApi } from '../support/staff-api';
import { sendToolCalls } from '../support/voice-platform-control';
import { seriousViolations } from '../support/accessibility';

const ADMIN = { email: 'admin@example.in', password: 'a long enough password', name: 'Administrator' };
// The webhook's credential, as `pnpm vapi:setup` creates it: HMAC.
const WEBHOOK_HMAC_SECRET = randomBytes(32).toString('hex');
/**
 * The app's time zone and the browser's, where it is now about noon whenever the test runs: the
 * agent books "today at 3 pm" (an hour's notice, inside the working hours, still today).
 */
const ZONE = zoneAtNoon();

// Staff mode (follow-ups are a member's own) without demo leads, so the counts are this test's.
let app: RunningApp;
let webhook: FakeServerUrl;
test.beforeAll(async () => {
  app = await startApp({
    AUTH_MODE: 'staff',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'false',
    APP_TIME_ZONE: ZONE,
    VAPI_WEBHOOK_HMAC_SECRET: WEBHOOK_HMAC_SECRET,
  });
  webhook = { url: `${app.url}/api/webhooks/vapi`, hmac: { secretKey: WEBHOOK_HMAC_SECRET } };
});
test.afterAll(() => stopApp(app));


const reminders = (page: Page) => page.getByRole('region', { name: 'Reminders' }).getByRole('article');
const dueToday = (page: Page) => dashboard(page).getByRole('region', { name: /^Due today/ });

/** A time of day as the app's time zone shows it ("15:00"). */
const clockInZone = (at: string) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(at));
const dayInZone = (at: Date | string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(at));

test('a site visit the agent books on a call shows live on the lead, in Due today and on the calendar; its reminder shows once across two tabs at its time; completing it moves the lead on', async ({ browser }) => {
  // Two tabs, two jumps of the clock and four accessibility scans: more than the usual 30 s on a busy machine.
  test.slow();
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, timezoneId: ZONE });
  // The page's clock runs as usual, and jumps towards the visit's time when told.
  await context.clock.install();
  const page = await context.newPage();
  await signInLive(page, app.url, ADMIN);
  await expect(dueToday(page).getByRole('heading')).toHaveText('Due today (0)');
  const api = await staffApi(page, app.url);
  const me = await api.get<StaffProfile>('/api/staff/me');
  const phone = uniqueMobile();
  const lead = await api.post<Lead>('/api/leads', { name: `${uniqueTag()} Meera Joshi`, phone, location: 'Pune' });
  // The admin's own lead: the agent books its visits with its owner.
  await api.patch<Lead>(`/api/leads/${lead._id}`, { ownerId: me.id });

  // The lead's details are open when Meera calls and the agent books her visit: it shows there at once.
  await page.goto(`${app.url}/?lead=${lead._id}`);
  const details = page.getByRole('dialog', { name: lead.name });
  await expect(details.getByText('No tasks yet.')).toBeVisible();
  const callId = `call-${uniqueTag()}`;
  const answer = await sendToolCalls(webhook, { id: callId, customerNumber: phone }, [
    { id: `tool-${callId}`, name: 'book_site_visit', arguments: { propertyId: 1, preferredTime: 'today at 3 pm' }, argumentsAs: 'object' },
  ]);
  expect(answer).toEqual({
    status: 200,
    body: {
      results: [
        {
          toolCallId: `tool-${callId}`,
          name: 'book_site_visit',
          result:
            'Booked: a site visit to Skyline Residency 2BHK today at 3 pm with Administrator, who will meet the caller at Site office, Skyline Residency 2BHK, Andheri West, Mumbai. Tell the caller the day, time and place.',
        },
      ],
    },
  });
  const [visit] = await api.get<Task[]>(`/api/tasks?leadId=${lead._id}`);
  expect(visit).toMatchObject({ type: 'site_visit', assignee: { id: me.id, name: ADMIN.name }, property: { id: 1 }, vapiCallId: callId, createdBy: null });
  expect([dayInZone(visit.dueAt), clockInZone(visit.dueAt), clockInZone(visit.endsAt!)]).toEqual([dayInZone(new Date()), '15:00', '16:00']);
  const dueAt = Date.parse(visit.dueAt);
  const visitOnLead = details.getByRole('article', { name: /^Site visit · / });
  await expect(visitOnLead).toContainText('Property: Skyline Residency 2BHK');
  await expect(visitOnLead).toContainText('booked by the AI agent during a call');
  await expect(visitOnLead).toContainText('Meet at Site office, Skyline Residency 2BHK, Andheri West, Mumbai.');
  // The lead moved on, and its timeline names the call.
  const scheduled = await api.get<LeadWithCalls>(`/api/leads/${lead._id}`);
  expect(scheduled.stage.name).toBe('Site Visit Scheduled');
  await expect(details.getByLabel('Stage')).toHaveValue(scheduled.stage.id);
  const activity = details.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('Stage changed from New to Site Visit Scheduled');
  await expect(activity).toContainText(`by the agent during call ${callId}`);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Due today and the calendar show it, and a second tab too.
  await expect(dueToday(page).getByRole('heading')).toHaveText('Due today (1)');
  await expect(dueToday(page).getByRole('listitem')).toContainText(['Site visit']);
  await expect(dueToday(page).getByRole('listitem')).toContainText([lead.name]);
  await expect(dueToday(page).getByRole('listitem')).toContainText(['Skyline Residency 2BHK']);
  const calendar = dashboard(page).getByRole('table', { name: /^Site visits/ });
  const adminRow = calendar.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ADMIN.name }) });
  await expect(adminRow.locator('td[data-today]')).toContainText(lead.name);
  expect(await seriousViolations(page, '.follow-ups')).toEqual([]);
  const secondTab = await context.newPage();
  await openLive(secondTab, app.url);
  await expect(dueToday(secondTab).getByRole('heading')).toHaveText('Due today (1)');

  // The agent gives an hour's notice at least: the page's clock jumps the hours to the visit, and
  // a minute before it nothing reminds yet.
  const bothTabs = async () => (await reminders(page).count()) + (await reminders(secondTab).count());
  expect(await bothTabs()).toBe(0);
  await context.clock.fastForward(dueAt - 60_000 - (await page.evaluate(() => Date.now())));
  await page.waitForTimeout(1500);
  expect(await bothTabs()).toBe(0);
  // At its time: one reminder in one of the two tabs.
  await context.clock.fastForward(61_000);
  await expect.poll(bothTabs).toBe(1);
  // Time for the other tab to have looked too: still one.
  await page.waitForTimeout(1500);
  expect(await bothTabs()).toBe(1);
  const [reminding] = (await reminders(page).count()) === 1 ? [page] : [secondTab];
  await expect(reminders(reminding)).toContainText(`Site visit now with ${lead.name}`);
  await expect(reminders(reminding)).toContainText('Skyline Residency 2BHK');
  expect(await seriousViolations(reminding, '.task-reminders')).toEqual([]);

  // A reload, still within the reminder's time, does not remind again.
  await openLive(reminding, app.url);
  await expect(dueToday(reminding).getByRole('heading')).toHaveText(/^Due today/);
  expect(await reminding.evaluate(() => Date.now())).toBeGreaterThan(dueAt);
  await page.waitForTimeout(1000);
  expect(await reminders(reminding).count()).toBe(0);

  // The visit is done: its outcome, then the suggested stage in one click.
  await reminding.goto(`${app.url}/?lead=${lead._id}`);
  const opened = reminding.getByRole('dialog', { name: lead.name });
  const task = opened.getByRole('article', { name: /^Site visit · / });
  await task.getByRole('button', { name: 'Complete' }).click();
  await task.getByLabel('Outcome').fill('Liked the view, wants to see the 3BHK too');
  await task.getByRole('button', { name: 'Mark done' }).click();
  await expect(opened.getByText('Site visit done. Move the lead on to “Site Visit Done”?')).toBeVisible();
  expect(await seriousViolations(reminding, '[role="dialog"]')).toEqual([]);
  await opened.getByRole('button', { name: 'Move to Site Visit Done' }).click();
  await expect(opened.getByText('Moved to Site Visit Done.')).toBeVisible();
  await expect(task).toContainText('Liked the view, wants to see the 3BHK too');
  await expect(opened.getByLabel('Stage')).toHaveValue((await api.get<LeadWithCalls>(`/api/leads/${lead._id}`)).stage.id);
  expect((await api.get<LeadWithCalls>(`/api/leads/${lead._id}`)).stage.name).toBe('Site Visit Done');
  await context.close();
});

test('My profile keeps the phone and working hours, and makes a calendar feed address, shown once, that a calendar app can read until it is revoked', async ({ page }) => {
  await signInLive(page, app.url, ADMIN);
  const api = await staffApi(page, app.url);
  const lead = await api.post<Lead>('/api/leads', { name: `${uniqueTag()} Arjun Rao`, phone: uniqueMobile(), location: 'Mysuru' });
  await api.post<Task>('/api/tasks', { leadId: lead._id, type: 'site_visit', dueAt: new Date(Date.now() + 24 * 60 * 60_000).toISOString(), propertyId: 5 });

  await dashboard(page).getByRole('button', { name: 'My profile' }).click();
  const profile = page.getByRole('dialog', { name: 'My profile' });
  await profile.getByLabel('Phone').fill('98200 12345');
  await profile.getByLabel('Working hours').fill('10:00-19:00');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved.')).toBeVisible();
  await expect(profile.getByLabel('Phone')).toHaveValue('+919820012345');
  expect(await api.get('/api/staff/me')).toMatchObject({ phone: '+919820012345', workingHours: '10:00-19:00', calendarFeed: false });

  await profile.getByRole('button', { name: 'Create a feed address' }).click();
  await expect(profile.getByText('Copy this address now: it is not shown again.')).toBeVisible();
  const url = await profile.getByLabel('Feed address').inputValue();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  // What Google Calendar or Outlook would read: the visit, by the lead's first name and the property.
  const feed = await fetch(url.replace(/^https?:\/\/[^/]+/, app.url));
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('Palm Grove Villa');

  await profile.getByRole('button', { name: 'Revoke the address' }).click();
  await expect(profile.getByText(/The address is revoked/)).toBeVisible();
  await expect(profile.getByLabel('Feed address')).toHaveCount(0);
  expect((await fetch(url.replace(/^https?:\/\/[^/]+/, app.url))).status).toBe(404);
});
