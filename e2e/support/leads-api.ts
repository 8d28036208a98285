import { randomBytes } from 'node:crypto';
import type { CreateLeadRequest, ImportSummary, Lead, NewStaffMember, NewTask, StaffAccount, Task } from '@lead-desk/contracts';
import { vapiHmacHeaders } from '@lead-desk/test-support';

/**
 * A word no other test's data contains: the browser tests share one app and database,
 * so each test names its leads with its own tag and searches for it.
 */
export function uniqueTag(): string {
  return `tag${randomBytes(4).toString('hex')}`;
}

/** An Indian mobile number no other test uses (the server matches callers by phone). */
export function uniqueMobile(): string {
  return `+9198${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

function api(path: string): string {
  return `${process.env.E2E_BASE_URL}${path}`;
}

/** Creates a lead through the real API, as another member of staff would (`allowDuplicate`: over a stored lead's phone or email). */
export async function createLead(lead: CreateLeadRequest): Promise<Lead> {
  const response = await fetch(api('/api/leads'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lead),
  });
  if (response.status !== 201) throw new Error(`POST /api/leads answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Lead;
}

/** Every lead of a view, newest first, read page by page from the API. */
export async function listLeads(query: Record<string, string> = {}, baseUrl = process.env.E2E_BASE_URL): Promise<Lead[]> {
  const leads: Lead[] = [];
  let next: string | null = `/api/leads?${new URLSearchParams({ limit: '1000', ...query })}`;
  while (next) {
    const response: Response = await fetch(`${baseUrl}${next}`);
    if (!response.ok) throw new Error(`GET ${next} answered ${response.status}`);
    leads.push(...((await response.json()) as Lead[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1] ?? null;
  }
  return leads;
}

/** Posts a server message to the webhook signed with the HMAC credential, as the voice platform does. */
export async function postWebhook(body: unknown, expectedStatus = 200): Promise<void> {
  const bytes = JSON.stringify(body);
  const response = await fetch(api('/api/webhooks/vapi'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...vapiHmacHeaders(bytes, { secretKey: process.env.E2E_WEBHOOK_HMAC_SECRET! }) },
    body: bytes,
  });
  if (response.status !== expectedStatus) throw new Error(`The webhook answered ${response.status}: ${await response.text()}`);
}

/** Imports a CSV through the real API (POST /api/leads/import, text/csv), as an admin's import does. */
export async function importLeadsCsv(csv: string, baseUrl = process.env.E2E_BASE_URL): Promise<ImportSummary> {
  const response = await fetch(`${baseUrl}/api/leads/import`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: csv });
  if (!response.ok) throw new Error(`POST /api/leads/import answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ImportSummary;
}

/** Adds a member of staff through the real API (open mode lets anyone, as an admin would). */
export async function createStaff(member: NewStaffMember, baseUrl = process.env.E2E_BASE_URL): Promise<StaffAccount> {
  const response = await fetch(`${baseUrl}/api/staff`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(member) });
  if (response.status !== 201) throw new Error(`POST /api/staff answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StaffAccount;
}

/** Makes a task on a lead through the real API (open mode lets anyone, as a member of staff would). */
export async function createTask(task: NewTask, baseUrl = process.env.E2E_BASE_URL): Promise<Task> {
  const response = await fetch(`${baseUrl}/api/tasks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(task) });
  if (response.status !== 201) throw new Error(`POST /api/tasks answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Task;
}

/** A time zone where it is now between 12:00 and 13:00: a task due within the hour is today's, and this week's, whenever a test runs. */
export function zoneAtNoon(now = new Date()): string {
  const hoursToNoon = 12 - now.getUTCHours();
  return hoursToNoon === 0 ? 'UTC' : `Etc/GMT${hoursToNoon > 0 ? '-' : '+'}${Math.abs(hoursToNoon)}`;
}
