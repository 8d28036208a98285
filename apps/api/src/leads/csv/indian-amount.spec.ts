import { isWrittenAsMoney, rupeesFromIndianAmount } from './indian-amount';

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
