import type { Property } from '@lead-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { PropertyInventoryDialog } from '../components/inventory/PropertyInventoryDialog';

const SKYLINE: Property = {
  id: 1,
  name: 'Skyline Residency 2BHK',
  location: 'Andheri West, Mumbai',
  category: 'apartment',
  priceText: '₹1.23 Cr',
  priceRupees: 12_345_678,
  area: '1,050 sq ft',
  amenities: ['Swimming pool', 'Gym'],
  imageKey: 'skyline-residency',
  status: 'available',
  locality: 'Andheri West',
  city: 'Mumbai',
  bedrooms: 2,
  areaSqFt: 1050,
  highlight: 'A 2BHK with a pool',
  siteVisitAddress: 'Site office, Skyline Residency 2BHK, Andheri West, Mumbai',
  version: 3,
  createdAt: '2026-11-28T07:11:42.000Z',
  updatedAt: '2026-11-28T07:11:42.000Z',
};
const PLOT: Property = { ...SKYLINE, id: 9, name: 'Sunrise Meadows Plot', category: 'plot', bedrooms: null, status: 'sold', priceText: '₹35 Lakh', priceRupees: 3_500_000, version: 1 };

/** The message beside a field (its accessible description). */
const messageOf = (label: string) =>
  screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

function renderDialog(routes: Parameters<typeof stubApi>[0] = {}) {
  const requests = stubApi({ 'GET /api/properties/inventory': () => Response.json([SKYLINE, PLOT]), ...routes });
  renderWithQueryClient(<PropertyInventoryDialog onClose={vi.fn()} />);
  return { requests, user: userEvent.setup() };
}

const sent = async (requests: Request[], method: string) => {
  const request = requests.find((candidate) => candidate.method === method)!;
  return { body: await request.json(), ifMatch: request.headers.get('If-Match'), url: new URL(request.url).pathname };
};

describe('PropertyInventoryDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every property with its status, price and place; a sold one cannot be marked sold again', async () => {
    renderDialog();
    const skyline = await screen.findByRole('article', { name: 'Skyline Residency 2BHK' });
    expect(within(skyline).getByRole('heading')).toHaveTextContent('Skyline Residency 2BHK Available');
    expect(skyline).toHaveTextContent('₹1.23 Cr · Andheri West, Mumbai · 1,050 sq ft · 2 bedrooms');
    const plot = screen.getByRole('article', { name: 'Sunrise Meadows Plot' });
    expect(within(plot).getByRole('heading')).toHaveTextContent('Sold');
    expect(within(plot).queryByRole('button', { name: 'Mark sold' })).not.toBeInTheDocument();
  });

  it('adds a property, its price as typed read into rupees, and says beside each field what to fix first', async () => {
    const { requests, user } = renderDialog({ 'POST /api/properties': () => Response.json({ ...SKYLINE, id: 17 }, { status: 201 }) });
    await user.click(await screen.findByRole('button', { name: 'Add a property' }));
    const form = screen.getByRole('region', { name: 'Add a property' });
    await user.type(within(form).getByLabelText('Price'), 'Price on request');
    await user.type(within(form).getByLabelText('Bedrooms'), 'two');
    await user.click(within(form).getByRole('button', { name: 'Add property' }));
    expect(messageOf('Name')).toBe('Name is required');
    expect(messageOf('Price')).toContain('Price must be an amount such as "₹85 Lakh", "1.2 Cr" or 8500000 (rupees)');
    expect(messageOf('Bedrooms')).toContain('Bedrooms must be a whole number from 0 to 20');
    expect(messageOf('Area (sq ft)')).toBe('Area (sq ft) is required');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Lakeview Towers 2BHK');
    await user.type(within(form).getByLabelText('Locality'), 'Powai');
    await user.type(within(form).getByLabelText('City'), 'Mumbai');
    await user.clear(within(form).getByLabelText('Price'));
    await user.type(within(form).getByLabelText('Price'), '85 Lakh');
    await user.clear(within(form).getByLabelText('Bedrooms'));
    await user.type(within(form).getByLabelText('Bedrooms'), '2');
    await user.type(within(form).getByLabelText('Area (sq ft)'), '980');
    await user.type(within(form).getByLabelText('Amenities'), 'Lake view, Gym, ');
    await user.click(within(form).getByRole('button', { name: 'Add property' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add a property' })).not.toBeInTheDocument());
    expect((await sent(requests, 'POST')).body).toEqual({
      name: 'Lakeview Towers 2BHK',
      category: 'apartment',
      locality: 'Powai',
      city: 'Mumbai',
      price: 8_500_000,
      bedrooms: 2,
      areaSqFt: 980,
      amenities: ['Lake view', 'Gym'],
      highlight: null,
      status: 'available',
    });
  });

  it('edits against the version shown, sending only what changed (a price left as shown is not sent)', async () => {
    const { requests, user } = renderDialog({ 'PATCH /api/properties/1': () => Response.json({ ...SKYLINE, status: 'booked', version: 4 }) });
    const skyline = await screen.findByRole('article', { name: 'Skyline Residency 2BHK' });
    await user.click(within(skyline).getByRole('button', { name: 'Edit' }));
    expect(within(skyline).getByLabelText('Price')).toHaveValue('₹1.23 Cr');
    await user.selectOptions(within(skyline).getByLabelText('Status'), 'Booked');
    await user.clear(within(skyline).getByLabelText('Highlight'));
    await user.click(within(skyline).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(skyline).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument());
    expect(await sent(requests, 'PATCH')).toEqual({ body: { status: 'booked', highlight: null }, ifMatch: '"3"', url: '/api/properties/1' });
  });

  it('says when the property changed meanwhile (412), and loads the list again', async () => {
    const { requests, user } = renderDialog({
      'PATCH /api/properties/1': () =>
        Response.json({ statusCode: 412, error: 'Precondition Failed', message: 'The property has changed since: it is at version 4. Load it again and reapply your change.' }, { status: 412 }),
    });
    const skyline = await screen.findByRole('article', { name: 'Skyline Residency 2BHK' });
    await user.click(within(skyline).getByRole('button', { name: 'Mark sold' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the change: The property has changed since: it is at version 4. Load it again and reapply your change.');
    expect(await sent(requests, 'PATCH')).toEqual({ body: { status: 'sold' }, ifMatch: '"3"', url: '/api/properties/1' });
    await waitFor(() => expect(requests.filter((request) => request.url.endsWith('/api/properties/inventory'))).toHaveLength(2));
  });

  it('places the API’s field errors beside their fields', async () => {
    const { user } = renderDialog({
      'PATCH /api/properties/1': () =>
        Response.json({ statusCode: 400, error: 'Bad Request', message: 'Invalid city: is required', errors: [{ field: 'city', message: 'must be a city we serve' }] }, { status: 400 }),
    });
    const skyline = await screen.findByRole('article', { name: 'Skyline Residency 2BHK' });
    await user.click(within(skyline).getByRole('button', { name: 'Edit' }));
    await user.clear(within(skyline).getByLabelText('City'));
    await user.type(within(skyline).getByLabelText('City'), 'Atlantis');
    await user.click(within(skyline).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf('City')).toBe('City must be a city we serve'));
  });
});
