import { describe, expect, it } from 'vitest';
import { areaTextOf, inIndianUnits, priceTextOf, propertyPriceSchema } from './property-price';

describe('priceTextOf', () => {
  // The page's own prices: each is what its rupees read as.
  it.each([
    [12_000_000, '₹1.2 Cr'],
    [9_500_000, '₹95 Lakh'],
    [4_950_000, '₹49.5 Lakh'],
    [20_000_000, '₹2 Cr'],
    [18_500_000, '₹1.85 Cr'],
    [19_900_000, '₹1.99 Cr'],
    [27_500_000, '₹2.75 Cr'],
    [10_000_000, '₹1 Cr'],
    [11_500_000, '₹1.15 Cr'],
    [75_000, '₹75,000'],
  ])('writes %d rupees as %s', (rupees, text) => {
    expect(priceTextOf(rupees)).toBe(text);
  });

  it('never reads higher than the price: a rupee under a crore is ₹99.99 Lakh', () => {
    expect(priceTextOf(9_999_999)).toBe('₹99.99 Lakh');
    expect(priceTextOf(12_345_678)).toBe('₹1.23 Cr');
  });
});

describe('areaTextOf', () => {
  it('writes square feet with Indian digit groups', () => {
    expect(areaTextOf(1050)).toBe('1,050 sq ft');
    expect(areaTextOf(10_000)).toBe('10,000 sq ft');
    expect(areaTextOf(150_000)).toBe('1,50,000 sq ft');
  });
});

describe('propertyPriceSchema', () => {
  it.each([
    ['₹85 Lakh', 8_500_000],
    ['1.2 Cr', 12_000_000],
    ['85,00,000', 8_500_000],
    [8_500_000, 8_500_000],
  ])('reads %j as %d rupees', (price, rupees) => {
    expect(propertyPriceSchema.parse(price)).toBe(rupees);
  });

  it.each(['Price on request', '', 0, -5, 1.5, true, '₹1.2 Million'])('refuses %j with a message that says what a price looks like', (price) => {
    const result = propertyPriceSchema.safeParse(price);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^must be an amount such as "₹85 Lakh"/);
  });
});

describe('inIndianUnits', () => {
  it('names an amount in crore, lakh or rupees', () => {
    expect(inIndianUnits(12_000_000)).toEqual({ amount: 1.2, unit: 'crore' });
    expect(inIndianUnits(4_950_000)).toEqual({ amount: 49.5, unit: 'lakh' });
    expect(inIndianUnits(75_000)).toEqual({ amount: 75_000, unit: null });
  });
});
