import fc from 'fast-check';
import { PROPERTY_CATEGORIES, searchPropertiesArguments, type PropertySearchCriteria } from '@lead-desk/contracts';
import { budgetCeiling, MAX_OFFERED, priceInWords, searchProperties, type SearchableProperty } from './property-search';

type Row = [id: number, name: string, locality: string, city: string, location: string, category: SearchableProperty['category'], priceRupees: number, bedrooms: number | null];

/** The 16 sample properties as the migration inserts them (highlights left out but for one). */
const SEEDED: SearchableProperty[] = (
  [
    [1, 'Skyline Residency 2BHK', 'Andheri West', 'Mumbai', 'Andheri West, Mumbai', 'apartment', 12_000_000, 2],
    [2, 'Prestige Lakeside Habitat 3BHK', 'Whitefield', 'Bengaluru', 'Whitefield, Bengaluru', 'apartment', 9_500_000, 3],
    [3, 'Green Valley Heights 2BHK', 'Wakad', 'Pune', 'Wakad, Pune', 'apartment', 4_950_000, 2],
    [4, 'DLF Park Place 4BHK', 'Sector 54', 'Gurugram', 'Sector 54, Gurugram', 'apartment', 20_000_000, 4],
    [5, 'Palm Grove Villa', 'East Coast Road', 'Chennai', 'East Coast Road, Chennai', 'villa', 18_500_000, 4],
    [6, 'Casa Goa Heritage Villa', 'Assagao', 'Goa', 'Assagao, Goa', 'villa', 35_000_000, 4],
    [7, 'Whispering Pines Villa', 'Sarjapur Road', 'Bengaluru', 'Sarjapur Road, Bengaluru', 'villa', 9_900_000, 3],
    [8, 'Lotus Courtyard Villa', 'Jubilee Hills', 'Hyderabad', 'Jubilee Hills, Hyderabad', 'villa', 42_000_000, 5],
    [9, 'Sunrise Meadows Plot', 'Shamshabad', 'Hyderabad', 'Shamshabad, Hyderabad', 'plot', 3_500_000, null],
    [10, 'Riverside Farm Plot', 'Karjat', 'Karjat', 'Karjat, Maharashtra', 'plot', 5_000_000, null],
    [11, 'Orchard Enclave Plot', 'Devanahalli', 'Bengaluru', 'Devanahalli, Bengaluru', 'plot', 7_200_000, null],
    [12, 'Heritage Acres Plot', 'Mahabalipuram Road', 'Chennai', 'Mahabalipuram Road, Chennai', 'plot', 2_800_000, null],
    [13, 'Cyber Hub Office Suite', 'DLF Cyber City', 'Gurugram', 'DLF Cyber City, Gurugram', 'commercial', 27_500_000, null],
    [14, 'Marketplace Retail Shop', 'Koregaon Park', 'Pune', 'Koregaon Park, Pune', 'commercial', 10_000_000, null],
    [15, 'Tech Park Co-working Floor', 'HITEC City', 'Hyderabad', 'HITEC City, Hyderabad', 'commercial', 19_900_000, null],
    [16, 'High Street Showroom', 'Salt Lake Sector V', 'Kolkata', 'Salt Lake Sector V, Kolkata', 'commercial', 4_500_000, null],
  ] satisfies Row[]
).map(([id, name, locality, city, location, category, priceRupees, bedrooms]) => ({
  id,
  name,
  locality,
  city,
  location,
  category,
  priceRupees,
  bedrooms,
  highlight: id === 2 ? 'A 3BHK overlooking the lake, with a clubhouse and covered parking' : null,
  status: 'available',
}));

/** What the agent's words become: the tool's arguments read by the contract. */
const asked = (words: Record<string, unknown>): PropertySearchCriteria => searchPropertiesArguments.parse(words);
const search = (words: Record<string, unknown>, inventory = SEEDED) => searchProperties(inventory, asked(words));
const ids = (words: Record<string, unknown>, inventory = SEEDED) => search(words, inventory).properties.map((property) => property.id);

describe('searchProperties', () => {
  it('offers the three cheapest available properties when nothing is asked', () => {
    const answer = search({});
    expect(answer).toMatchObject({ exact: true });
    expect(answer.properties.map((property) => property.id)).toEqual([12, 9, 16]);
    expect(answer.text.split('\n')[0]).toBe('I found 16 available properties. Here are 3, from the lowest price:');
  });

  it('reads each property as one line: its id for a booking, name, kind, place, price in words and highlight', () => {
    const answer = search({ city: 'Bengaluru', type: 'flat', budget: '1 Cr' });
    expect(answer.text).toBe(
      [
        'I found one available apartment in Bengaluru within 1 crore rupees:',
        'Property 2: Prestige Lakeside Habitat 3BHK, a 3-bedroom apartment in Whitefield, Bengaluru, for 95 lakh rupees. A 3BHK overlooking the lake, with a clubhouse and covered parking.',
      ].join('\n'),
    );
  });

  it('matches a city by the name callers use, and a place within the location', () => {
    expect(ids({ city: 'Bangalore', type: 'villa' })).toEqual([7]);
    expect(ids({ city: 'gurgaon' })).toEqual([4, 13]);
    expect(ids({ city: 'Maharashtra' })).toEqual([10]);
    expect(ids({ locality: 'andheri' })).toEqual([1]);
    expect(ids({ locality: 'Hitec-city' })).toEqual([15]);
  });

  it('ranks by closeness to the budget, and keeps properties up to 10% above it', () => {
    // 1 Cr: 95 Lakh and 99 Lakh are close under it, 1 Cr is on it, 1.2 Cr is more than 10% above.
    expect(ids({ budget: '1 Cr' })).toEqual([14, 7, 2]);
    // 90 Lakh: 99 Lakh is exactly 10% above, still in; 1 Cr is past it.
    expect(ids({ type: 'villa', budget: '90 lakh' })).toEqual([7]);
    expect(ids({ type: 'commercial', budget: 9_000_000 })).toEqual([16]);
  });

  it('weighs being over budget double: 8 Lakh under beats 5 Lakh over', () => {
    const at = (id: number, priceRupees: number): SearchableProperty => ({ ...SEEDED[0], id, priceRupees });
    expect(ids({ budget: '80 Lakh' }, [at(1, 8_500_000), at(2, 7_200_000), at(3, 8_000_000)])).toEqual([3, 2, 1]);
  });

  it('filters by bedrooms, and a property without bedrooms never matches a count', () => {
    expect(ids({ bedrooms: '3BHK' })).toEqual([2, 7]);
    const fourBedroomPlots = search({ bedrooms: 4, type: 'plot' });
    expect(fourBedroomPlots.exact).toBe(false);
    expect(fourBedroomPlots.properties.map((property) => property.id)).toEqual([12, 9, 10]);
  });

  it('offers available properties only', () => {
    const inventory = SEEDED.map((property): SearchableProperty => (property.id === 2 ? { ...property, status: 'booked' } : property.id === 7 ? { ...property, status: 'sold' } : property));
    expect(ids({ city: 'Bengaluru' }, inventory)).toEqual([11]);
  });

  it('offers the nearest alternatives when nothing matches the budget, and says so', () => {
    const answer = search({ city: 'Mumbai', budget: '50 Lakh' });
    expect(answer.exact).toBe(false);
    expect(answer.text).toBe(
      [
        'I found no available properties in Mumbai within 50 lakh rupees. The nearest alternative is:',
        'Property 1: Skyline Residency 2BHK, a 2-bedroom apartment in Andheri West, Mumbai, for 1.2 crore rupees.',
      ].join('\n'),
    );
  });

  it('relaxes the budget first, then the bedrooms, the place and the kind of property', () => {
    // No villa in Pune at any price, nor a villa anywhere within 55 Lakh: what Pune has within the budget.
    const villasInPune = search({ city: 'Pune', type: 'villa', budget: '50 lakh' });
    expect(villasInPune.text.split('\n')[0]).toBe('I found no available villas in Pune within 50 lakh rupees. The nearest alternative is:');
    expect(villasInPune.properties.map((property) => property.id)).toEqual([3]);
    // A 5-bedroom apartment: apartments at other counts, closest to the budget.
    expect(ids({ type: 'apartment', bedrooms: 5, budget: '1 Cr' })).toEqual([2, 3]);
    // Nothing in Whitefield within 50 Lakh: the price gives way before the place.
    expect(ids({ city: 'Bengaluru', locality: 'Whitefield', budget: '50 Lakh' })).toEqual([2]);
    // Nowhere by that name: the rest of what was asked, anywhere.
    expect(ids({ city: 'Jaipur', type: 'plot', budget: '40 lakh' })).toEqual([9, 12]);
  });

  it('says so when nothing at all is available', () => {
    const answer = search({ city: 'Pune' }, []);
    expect(answer).toEqual({ text: 'There are no properties available right now. A member of our team can call back as soon as new ones come in.', properties: [], exact: false });
  });

  it('never offers more than three, only available ones, and when it says they match, they match everything asked', () => {
    const words = fc.record(
      {
        city: fc.constantFrom('Bengaluru', 'Pune', 'Hyderabad', 'Mumbai', 'Jaipur'),
        type: fc.constantFrom(...PROPERTY_CATEGORIES),
        budget: fc.integer({ min: 1_000_000, max: 50_000_000 }),
        bedrooms: fc.integer({ min: 1, max: 5 }),
      },
      { requiredKeys: [] },
    );
    const statuses = fc.array(fc.constantFrom('available', 'booked', 'sold') as fc.Arbitrary<SearchableProperty['status']>, { minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(words, statuses, (asking, status) => {
        const inventory = SEEDED.map((property, index) => ({ ...property, status: status[index] }));
        const answer = searchProperties(inventory, asking);
        expect(answer.properties.length).toBeLessThanOrEqual(MAX_OFFERED);
        expect(answer.properties.every((property) => property.status === 'available')).toBe(true);
        expect(answer.text.split('\n')).toHaveLength(answer.properties.length + 1);
        if (answer.exact) {
          for (const property of answer.properties) {
            if (asking.type) expect(property.category).toBe(asking.type);
            if (asking.bedrooms) expect(property.bedrooms).toBe(asking.bedrooms);
            if (asking.budget) expect(property.priceRupees).toBeLessThanOrEqual(budgetCeiling(asking.budget));
            if (asking.city) expect(`${property.city} ${property.location}`).toContain(asking.city);
          }
        } else if (inventory.some((property) => property.status === 'available')) {
          expect(answer.properties.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('priceInWords', () => {
  it.each([
    [12_000_000, '1.2 crore rupees'],
    [10_000_000, '1 crore rupees'],
    [9_500_000, '95 lakh rupees'],
    [4_950_000, '49.5 lakh rupees'],
    [18_500_000, '1.85 crore rupees'],
    [75_000, '75,000 rupees'],
  ])('reads %d rupees as "%s"', (rupees, words) => {
    expect(priceInWords(rupees)).toBe(words);
  });
});
