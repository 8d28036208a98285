import type { StaffProfile } from '@lead-desk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { MyProfile } from '../components/MyProfile';

const RAVI: StaffProfile = {
  id: 's2',
  email: 'ravi@example.in',
  name: 'Ravi Kumar',
  role: 'agent',
  available: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  phone: null,
  workingHours: null,
  calendarFeed: false,
};
const FEED_URL = 'https://leads.example.in/api/calendar-feeds/s3cr3t.ics';

/** The profile as the API keeps it: PATCH stores the phone in E.164; the feed is made and revoked. */
function stubProfileApi(profile: StaffProfile) {
  return stubApi({
    'GET /api/staff/me': () => Response.json(profile),
    'PATCH /api/staff/s2': async (request) => {
      const changes = (await request.json()) as { phone?: string | null; workingHours?: string | null };
      if (changes.phone === '12345') return Response.json({ statusCode: 400, message: 'Invalid', errors: [{ field: 'phone', message: 'is not a real phone number' }] }, { status: 400 });
      Object.assign(profile, changes, { phone: changes.phone ? '+919820012345' : null });
      return Response.json(profile);
    },
    'POST /api/staff/me/calendar-feed': () => {
      profile.calendarFeed = true;
      return Response.json({ url: FEED_URL }, { status: 201 });
    },
    'DELETE /api/staff/me/calendar-feed': () => {
      profile.calendarFeed = false;
      return new Response(null, { status: 204 });
    },
  });
}

async function openProfile() {
  const user = userEvent.setup();
  renderWithQueryClient(<MyProfile />);
  await user.click(screen.getByRole('button', { name: 'My profile' }));
  await screen.findByRole('dialog', { name: 'My profile' });
  return user;
}

describe('My profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the member’s phone and working hours, shows the phone as stored, and names a field the API refuses', async () => {
    const requests = stubProfileApi({ ...RAVI });
    const user = await openProfile();
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Phone is not a real phone number/));

    await user.clear(phone);
    await user.type(phone, '98200 12345');
    await user.type(screen.getByLabelText('Working hours'), '10:00-19:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(phone).toHaveValue('+919820012345');
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(await patches[1].json()).toEqual({ phone: '98200 12345', workingHours: '10:00-19:00' });
  });

  it('checks working hours as the API does before sending them', async () => {
    const requests = stubProfileApi({ ...RAVI });
    const user = await openProfile();
    await user.type(await screen.findByLabelText('Working hours'), '19:00-10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Working hours')).toHaveAccessibleDescription(/Working hours must start before it ends/));
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('makes the calendar feed’s address, shown once with a copy button, says how to subscribe, and revokes it', async () => {
    const writeText = vi.fn(async () => undefined);
    const requests = stubProfileApi({ ...RAVI });
    const user = await openProfile();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('You have no feed address.')).toBeInTheDocument();
    expect(screen.getByText(/in Google Calendar, Other calendars → \+ → From URL.*in Outlook, Add calendar → Subscribe from web/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create a feed address' }));
    expect(await screen.findByText('Copy this address now: it is not shown again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Feed address')).toHaveValue(FEED_URL);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke the address' }));
    expect(await screen.findByText(/The address is revoked/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed address')).not.toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toContain('DELETE /api/staff/me/calendar-feed');
    expect(await screen.findByRole('button', { name: 'Create a feed address' })).toBeInTheDocument();
  });

  it('never shows an address it has no longer: an existing feed can be replaced or revoked', async () => {
    stubProfileApi({ ...RAVI, calendarFeed: true });
    await openProfile();
    expect(await screen.findByText(/You have a feed address/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke the address' })).toBeInTheDocument();
  });
});
