import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchPropertiesArguments } from './search-properties-arguments';

const read = (input: unknown) => searchPropertiesArguments.parse(input);
const refusal = (input: unknown) => searchPropertiesArguments.safeParse(input).error?.issues.map(({ path, message }) => ({ field: path.join('.'), message }));

describe('searchPropertiesArguments', () => {
  it('takes nothing at all: every argument is optional', () => {
    expect(read({})).toEqual({});
  });

  it('treats null and blank text as not given, and ignores arguments it does not know', () => {
    expect(read({ city: null, locality: '  ', type: '', budget: null, bedrooms: '', furnished: true })).toEqual({});
  });

  it('trims the city and locality', () => {
    expect(read({ city: ' Bengaluru ', locality: 'Whitefield' })).toEqual({ city: 'Bengaluru', locality: 'Whitefield' });
  });

  it.each([
    ['apartment', 'apartment'],
    ['Flat', 'apartment'],
    ['flats', 'apartment'],
    ['2BHK', 'apartment'],
    ['villa', 'villa'],
    ['independent house', 'villa'],
    ['3BHK villa', 'villa'],
    ['Plot', 'plot'],
    ['land', 'plot'],
    ['commercial', 'commercial'],
    ['office space', 'commercial'],
    ['shop', 'commercial'],
    ['co-working', 'commercial'],
  ])('reads the type %j as %s', (type, category) => {
    expect(read({ type }).type).toBe(category);
  });

  it.each([
    [8_000_000, 8_000_000],
    ['8000000', 8_000_000],
    ['80 Lakh', 8_000_000],
    ['1.2 Cr', 12_000_000],
    ['80 lakhs', 8_000_000],
    ['1.5 crore', 15_000_000],
    ['around 90 lakh rupees', 9_000_000],
  ])('reads the budget %j as %d rupees', (budget, rupees) => {
    expect(read({ budget }).budget).toBe(rupees);
  });

  it.each([
    [2, 2],
    ['3', 3],
    ['2BHK', 2],
    ['4 bhk', 4],
    ['two', 2],
    ['three bedrooms', 3],
  ])('reads the bedrooms %j as %d', (bedrooms, count) => {
    expect(read({ bedrooms }).bedrooms).toBe(count);
  });

  it('names each argument it cannot read, and why', () => {
    expect(refusal({ type: 'castle', budget: 'a lot', bedrooms: 'many', city: 42 })).toEqual([
      { field: 'city', message: 'must be text' },
      { field: 'type', message: 'must be one of apartment, villa, plot, commercial' },
      { field: 'budget', message: 'must be an amount in rupees (8000000) or in words ("80 Lakh", "1.2 Cr")' },
      { field: 'bedrooms', message: 'must be a number of bedrooms, e.g. 2' },
    ]);
  });

  it('refuses a budget under a lakh, which is a number said without its unit ("80" for 80 Lakh)', () => {
    expect(refusal({ budget: 80 })).toEqual([{ field: 'budget', message: expect.stringMatching(/^must be at least 1 lakh/) }]);
    expect(refusal({ bedrooms: 0 })).toEqual([{ field: 'bedrooms', message: 'must be at least 1' }]);
  });

  it('describes itself as a tool’s parameters: each argument one plain JSON type with a description, none required', () => {
    const schema = z.toJSONSchema(searchPropertiesArguments, { io: 'input' }) as { type: string; properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(schema.type).toBe('object');
    expect(schema.required ?? []).toEqual([]);
    expect(Object.keys(schema.properties)).toEqual(['city', 'locality', 'type', 'budget', 'bedrooms']);
    for (const property of Object.values(schema.properties)) {
      expect(['string', 'integer', 'number']).toContain(property.type);
      expect(property.description).toEqual(expect.any(String));
      expect(property).not.toHaveProperty('anyOf');
    }
    expect(schema.properties.type.enum).toEqual(['apartment', 'villa', 'plot', 'commercial']);
  });
});
