import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/apiStub';
import { SAMPLE_PROPERTIES as PROPERTIES } from '../../../testing/propertyFixtures';
import { renderWithQueryClient } from '../../../testing/renderWithQueryClient';
import { CustomerPropertyDemo } from '../components/CustomerPropertyDemo';
import { PRICE_RANGES } from '../data/priceRanges';
import { propertyImage } from '../images/propertyImage';
import { isInPriceRange } from '../utils/filterProperties';

const CATEGORY_TABS = { apartment: 'Apartments', villa: 'Villas', plot: 'Plots', commercial: 'Commercial' } as const;

/** The demo over an API that lists `properties` (the 16 samples unless told), once they are shown. */
async function renderDemo(properties: unknown = PROPERTIES) {
  const requests = stubApi({ 'GET /api/properties': () => Response.json(properties) });
  const onOpenChat = vi.fn();
  renderWithQueryClient(<CustomerPropertyDemo callButton={<button type="button">Call button slot</button>} onOpenChat={onOpenChat} />);
  await screen.findAllByRole('tab');
  return { onOpenChat, requests, user: userEvent.setup() };
}

const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
const shownNames = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const showing = () => screen.getByText(/^Showing \d+ properties$/).textContent;

describe('CustomerPropertyDemo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fixed texts and figures', async () => {
    await renderDemo();
    expect(screen.getByRole('region', { name: 'Customer Property Demo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Customer Property Demo' })).toBeInTheDocument();
    expect(screen.getByText('Explore premium properties with AI assistance')).toBeInTheDocument();
    const stats = screen.getByText('Available').closest('dl')!;
    expect(within(stats).getAllByRole('term').map((term) => term.textContent)).toEqual(['Available', 'Sold']);
    expect(within(stats).getAllByRole('definition').map((value) => value.textContent)).toEqual(['247', '153']);
    expect(screen.getByRole('button', { name: 'Browse Properties' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with AI' })).toBeInTheDocument();
    const figures = screen.getByText('customer rating', { exact: false }).closest('ul')!;
    expect(figures).toHaveTextContent('247 total');
    expect(figures).toHaveTextContent('153 sold');
    expect(figures).toHaveTextContent('94 available');
    expect(figures).toHaveTextContent('4.8 customer rating');
    expect(screen.getByPlaceholderText('Search properties...')).toHaveAccessibleName('Search properties');
    expect(screen.getByText('Call button slot')).toBeInTheDocument();
  });

  it('offers the five price options', async () => {
    await renderDemo();
    const options = within(screen.getByRole('combobox', { name: 'Price range' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All prices', 'Under 50 Lakh', '50 Lakh to 1 Cr', '1 Cr to 2 Cr', 'Above 2 Cr']);
  });

  it('opens on Apartments with a count on every category tab', async () => {
    await renderDemo();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Apartments (4)',
      'Villas (4)',
      'Plots (4)',
      'Commercial (4)',
    ]);
    expect(tab('Apartments')).toHaveAttribute('aria-selected', 'true');
    expect(showing()).toBe('Showing 4 properties');
    expect(shownNames()).toEqual(PROPERTIES.filter((property) => property.category === 'apartment').map((property) => property.name));
  });

  it('renders each card with an image named after the property, its location and its price', async () => {
    await renderDemo();
    const property = PROPERTIES[0];
    const card = screen.getByRole('heading', { name: property.name }).closest('article')!;
    expect(within(card).getByRole('img', { name: property.name })).toHaveAttribute('src', propertyImage(property.imageKey));
    expect(within(card).getByRole('img', { name: property.name }).getAttribute('src')).toMatch(/skyline-residency\.svg$/);
    expect(card).toHaveTextContent(property.location);
    expect(within(card).getByText(property.priceText).tagName).toBe('STRONG');
  });

  it.each(Object.entries(CATEGORY_TABS))('lists the %s properties under the %s tab', async (category, label) => {
    const { user } = await renderDemo();
    await user.click(tab(label));
    expect(tab(label)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(tab(label).textContent!);
    expect(shownNames()).toEqual(PROPERTIES.filter((property) => property.category === category).map((property) => property.name));
  });

  it('moves between tabs with the arrow keys and keeps only the selected tab in the tab order', async () => {
    const { user } = await renderDemo();
    await user.click(tab('Apartments'));
    await user.keyboard('{ArrowRight}');
    expect(tab('Villas')).toHaveFocus();
    expect(tab('Villas')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tab('Commercial')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Apartments')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Commercial')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((element) => element.tabIndex === 0)).toEqual([tab('Commercial')]);
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('searches names and locations, ignoring case, and updates the counts', async () => {
    const { user } = await renderDemo();
    const search = screen.getByRole('searchbox', { name: 'Search properties' });

    await user.type(search, 'BENGALURU');
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Apartments (1)',
      'Villas (1)',
      'Plots (1)',
      'Commercial (0)',
    ]);
    expect(shownNames()).toEqual(['Prestige Lakeside Habitat 3BHK']);
    expect(showing()).toBe('Showing 1 properties');

    await user.clear(search);
    await user.type(search, 'villa');
    await user.click(tab('Villas'));
    expect(shownNames()).toEqual(['Palm Grove Villa', 'Casa Goa Heritage Villa', 'Whispering Pines Villa', 'Lotus Courtyard Villa']);
  });

  it.each(PRICE_RANGES.map((range) => [range.label, range] as const))('filters by %s against the data', async (label, range) => {
    const { user } = await renderDemo();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), label);
    for (const [category, tabLabel] of Object.entries(CATEGORY_TABS)) {
      const expected = PROPERTIES.filter(
        (property) => property.category === category && isInPriceRange(property.priceRupees, range),
      ).map((property) => property.name);
      expect(tab(tabLabel)).toHaveTextContent(`(${expected.length})`);
      await user.click(tab(tabLabel));
      expect(shownNames()).toEqual(expected);
    }
  });

  it('combines search and price range, and shows the empty state when nothing matches', async () => {
    const { user } = await renderDemo();
    await user.type(screen.getByRole('searchbox'), 'Mumbai');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), 'Under 50 Lakh');
    expect(showing()).toBe('Showing 0 properties');
    expect(screen.getByRole('heading', { name: 'No properties found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria or explore other categories')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), 'All prices');
    expect(shownNames()).toEqual(['Skyline Residency 2BHK']);
    expect(screen.queryByText('No properties found')).not.toBeInTheDocument();
  });

  it('moves focus to the property explorer on "Browse Properties"', async () => {
    const { user } = await renderDemo();
    await user.click(screen.getByRole('button', { name: 'Browse Properties' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Property Explorer' })).toHaveFocus();
  });

  it('asks for the chat on "Chat with AI"', async () => {
    const { user, onOpenChat } = await renderDemo();
    await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
    expect(onOpenChat).toHaveBeenCalledTimes(1);
  });

  it('reads the properties from the API, saying so while they load', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'GET /api/properties': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithQueryClient(<CustomerPropertyDemo callButton={null} onOpenChat={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading properties…');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    answer(Response.json(PROPERTIES));
    expect(await screen.findByRole('tab', { name: 'Apartments (4)' })).toBeInTheDocument();
    expect(screen.queryByText('Loading properties…')).not.toBeInTheDocument();
  });

  it('says when the properties cannot be loaded, and loads them again on Retry', async () => {
    let calls = 0;
    stubApi({
      'GET /api/properties': () => {
        calls += 1;
        return calls === 1 ? Response.json({ statusCode: 503, message: 'The database is unavailable.' }, { status: 503 }) : Response.json(PROPERTIES);
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<CustomerPropertyDemo callButton={null} onOpenChat={vi.fn()} />);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not load the properties');
    expect(failure).toHaveTextContent('The database is unavailable.');
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Apartments (4)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a property an admin added with the generic picture, and a booked one marked booked', async () => {
    const added = { ...PROPERTIES[0], id: 17, name: 'Lakeview Towers 2BHK', imageKey: null, status: 'booked' as const };
    const { user } = await renderDemo([...PROPERTIES, added, { ...added, id: 18, name: 'Unknown Picture Villa', category: 'villa', imageKey: '../../secret', status: 'available' }]);
    const card = screen.getByRole('heading', { name: 'Lakeview Towers 2BHK' }).closest('article')!;
    expect(within(card).getByRole('img', { name: 'Lakeview Towers 2BHK' }).getAttribute('src')).toMatch(/generic-property\.svg$/);
    expect(card).toHaveTextContent('Booked');
    expect(screen.getByRole('heading', { name: 'Skyline Residency 2BHK' }).closest('article')).not.toHaveTextContent('Booked');
    await user.click(tab('Villas'));
    const unknown = screen.getByRole('heading', { name: 'Unknown Picture Villa' }).closest('article')!;
    expect(within(unknown).getByRole('img').getAttribute('src')).toMatch(/generic-property\.svg$/);
    await waitFor(() => expect(tab('Apartments')).toHaveTextContent('(5)'));
  });
});
