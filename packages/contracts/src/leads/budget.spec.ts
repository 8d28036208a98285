import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { budgetFromText, MAX_BUDGET } from './budget';

describe('budgetFromText', () => {
  it.each([
    ['100', 100],
    [' 4500000 ', 4500000],
    ['0', 0],
    ['0.5', 0.5],
    ['1.50', 1.5],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['5e-7', 5e-7],
    ['5e-324', 5e-324],
    ['2E3', 2000],
  ])('reads %j as the number %d', (text, number) => {
    expect(budgetFromText(text)).toBe(number);
  });

  it.each([
    ['-1', '-1'],
    [' 45 Lakh ', '45 Lakh'],
    ['₹85 lakhs', '₹85 lakhs'],
    ['007', '007'],
    ['1,00,000', '1,00,000'],
    ['.5', '.5'],
    ['1.', '1.'],
    ['Infinity', 'Infinity'],
    ['9007199254740992', '9007199254740992'],
    ['1e+21', '1e+21'],
    ['1e999', '1e999'],
    ['0x10', '0x10'],
    ['=1+1', '=1+1'],
  ])('keeps %j as the text %j', (text, kept) => {
    expect(budgetFromText(text)).toBe(kept);
  });

  it('reads empty and blank text as no budget', () => {
    expect(budgetFromText('')).toBeNull();
    expect(budgetFromText(' \t\n')).toBeNull();
  });

  it('reads every number the export writes (String(number)) back as that number', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_BUDGET, noNaN: true }), (number) => {
        expect(budgetFromText(String(number))).toBe(Object.is(number, -0) ? 0 : number);
      }),
      { numRuns: 10_000 },
    );
  });

  it('keeps text it keeps unchanged when read again, so a text budget survives an export and import', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        const read = budgetFromText(text);
        expect(budgetFromText(String(read ?? ''))).toBe(read);
      }),
      { numRuns: 10_000 },
    );
  });
});
