import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CustomerPropertyDemo } from '../components/CustomerPropertyDemo';
import { PRICE_RANGES } from '../data/priceRanges';
import { PROPERTIES } from '../data/properties';
import { isInPriceRange } from '../utils/filterProperties';
import { parsePriceToRupees } from '../utils/parsePriceToRupees';

const CATEGORY_TABS = { apartment: 'Apartments', villa: 'Villas', plot: 'Plots', commercial: 'Commercial' } as const;

function renderDemo() {
  const onChatWithAgent = vi.fn();
  render(<CustomerPropertyDemo callButton={<button type="button">Call button slot</button>} onChatWithAgent={onChatWithAgent} />);
  return { onChatWithAgent, user: userEvent.setup() };
}

const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
const shownNames = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const showing = () => screen.getByText(/^Showing \d+ properties$/).textContent;

describe('CustomerPropertyDemo', () => {
  it('shows the fixed texts and figures', () => {
    renderDemo();
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

  it('offers the five price options', () => {
    renderDemo();
    const options = within(screen.getByRole('combobox', { name: 'Price range' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All prices', 'Under 50 Lakh', '50 Lakh to 1 Cr', '1 Cr to 2 Cr', 'Above 2 Cr']);
  });

  it('opens on Apartments with a count on every category tab', () => {
    renderDemo();
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

  it('renders each card with an image named after the property, its location and its price', () => {
    renderDemo();
    const property = PROPERTIES[0];
    const card = screen.getByRole('heading', { name: property.name }).closest('article')!;
    expect(within(card).getByRole('img', { name: property.name })).toHaveAttribute('src', property.image);
    expect(card).toHaveTextContent(property.location);
    expect(within(card).getByText(property.price).tagName).toBe('STRONG');
  });

  it.each(Object.entries(CATEGORY_TABS))('lists the %s properties under the %s tab', async (category, label) => {
    const { user } = renderDemo();
    await user.click(tab(label));
    expect(tab(label)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(tab(label).textContent!);
    expect(shownNames()).toEqual(PROPERTIES.filter((property) => property.category === category).map((property) => property.name));
  });

  it('moves between tabs with the arrow keys and keeps only the selected tab in the tab order', async () => {
    const { user } = renderDemo();
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
    const { user } = renderDemo();
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
    const { user } = renderDemo();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Price range' }), label);
    for (const [category, tabLabel] of Object.entries(CATEGORY_TABS)) {
      const expected = PROPERTIES.filter(
        (property) => property.category === category && isInPriceRange(parsePriceToRupees(property.price), range),
      ).map((property) => property.name);
      expect(tab(tabLabel)).toHaveTextContent(`(${expected.length})`);
      await user.click(tab(tabLabel));
      expect(shownNames()).toEqual(expected);
    }
  });

  it('combines search and price range, and shows the empty state when nothing matches', async () => {
    const { user } = renderDemo();
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
    const { user } = renderDemo();
    await user.click(screen.getByRole('button', { name: 'Browse Properties' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Property Explorer' })).toHaveFocus();
  });

  it('starts the voice conversation on "Chat with AI"', async () => {
    const { user, onChatWithAgent } = renderDemo();
    await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
    expect(onChatWithAgent).toHaveBeenCalledTimes(1);
  });
});
