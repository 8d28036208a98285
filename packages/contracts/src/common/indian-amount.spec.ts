import { describe, expect, it } from 'vitest';
import { isWrittenAsMoney, rupeesFromBudgetWords, rupeesFromIndianAmount } from './indian-amount';

describe('rupeesFromIndianAmount', () => {
  it.each([
    ['45 Lakh', 4_500_000],
    ['45L', 4_500_000],
    ['45 lacs', 4_500_000],
    ['1.2 Cr', 12_000_000],
    ['1.25 crore', 12_500_000],
    ['1,20,00,000', 12_000_000],
    ['12,000,000', 12_000_000],
    ['₹85 lakhs', 8_500_000],
    ['₹ 85,00,000', 8_500_000],
    ['Rs. 50,000', 50_000],
    ['INR 2.5 Cr', 25_000_000],
    ['75k', 75_000],
    ['4500000', 4_500_000],
    ['  60 L  ', 6_000_000],
  ])('reads %j as %d rupees', (text, rupees) => {
    expect(rupeesFromIndianAmount(text)).toBe(rupees);
  });

  it.each(['', 'around 50 lakh', '50-60 lakh', '1,2,3', '12,0000', '45 bananas', '-1', 'Lakh', '1e400 cr'])('leaves %j alone', (text) => {
    expect(rupeesFromIndianAmount(text)).toBeUndefined();
  });
});

describe('isWrittenAsMoney', () => {
  it.each(['45 Lakh', '₹85,00,000', 'Rs. 50,000', '1.2 Cr', '1,20,00,000', '50 Lakh - 1 Cr', '40-50 lakh', '1 to 1.5 Cr', '75k'])('reads %j as money', (text) => {
    expect(isWrittenAsMoney(text)).toBe(true);
  });

  it.each(['87', '560001', '4500000', '9876543210', '2026-11-20', '3 BHK', 'Whitefield', '50 - 60', ''])('does not read %j as money', (text) => {
    expect(isWrittenAsMoney(text)).toBe(false);
  });
});

describe('rupeesFromBudgetWords', () => {
  it.each([
    ['8000000', 8_000_000],
    ['80 Lakh', 8_000_000],
    ['80 lakhs', 8_000_000],
    ['1.2 Cr', 12_000_000],
    ['1.5 crore', 15_000_000],
    ['₹85,00,000', 8_500_000],
    ['around 80 lakh rupees', 8_000_000],
    ['My budget is about 90L only', 9_000_000],
    ['under 1 crore', 10_000_000],
    ['upto 1.2 Cr', 12_000_000],
    ['1 crore 20 lakh', 12_000_000],
    ['2 crores and 50 lakhs', 25_000_000],
    ['80 lakh to 1 crore', 10_000_000],
    ['80-90 lakh', 9_000_000],
    ['1.5 crs', 15_000_000],
    ['INR 2.5 crore', 25_000_000],
  ])('reads %j as %d rupees', (words, rupees) => {
    expect(rupeesFromBudgetWords(words)).toBe(rupees);
  });

  it.each(['', 'a lot', 'eighty lakh', '45 bananas', '-1', 'rupees', '1 crore 20', 'to 1 crore'])('leaves %j alone', (words) => {
    expect(rupeesFromBudgetWords(words)).toBeUndefined();
  });
});
