import { describe, expect, it } from 'vitest';
import { SAMPLE_PROPERTIES as PROPERTIES } from '../../../testing/propertyFixtures';
import { PRICE_RANGES } from '../data/priceRanges';
import { propertyImage } from '../images/propertyImage';
import { isInPriceRange } from '../utils/filterProperties';

describe('price ranges', () => {
  it('are half-open, so a boundary price belongs to the upper range only', () => {
    const [under50Lakh, lakh50To1Cr, cr1To2Cr, above2Cr] = PRICE_RANGES;
    expect(isInPriceRange(5_000_000, under50Lakh)).toBe(false);
    expect(isInPriceRange(5_000_000, lakh50To1Cr)).toBe(true);
    expect(isInPriceRange(4_999_999, under50Lakh)).toBe(true);
    expect(isInPriceRange(10_000_000, lakh50To1Cr)).toBe(false);
    expect(isInPriceRange(10_000_000, cr1To2Cr)).toBe(true);
    expect(isInPriceRange(20_000_000, cr1To2Cr)).toBe(false);
    expect(isInPriceRange(20_000_000, above2Cr)).toBe(true);
  });

  it('cover every rupee from 0 upwards without gaps or overlaps', () => {
    expect(PRICE_RANGES[0].fromRupees).toBe(0);
    for (let index = 1; index < PRICE_RANGES.length; index += 1) {
      expect(PRICE_RANGES[index].fromRupees).toBe(PRICE_RANGES[index - 1].toRupees);
    }
    expect(PRICE_RANGES.at(-1)?.toRupees).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the sample properties', () => {
  it('are 16 with ids 1 to 16, four per category', () => {
    expect(PROPERTIES.map((property) => property.id)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    for (const category of ['apartment', 'villa', 'plot', 'commercial']) {
      expect(PROPERTIES.filter((property) => property.category === category)).toHaveLength(4);
    }
  });

  it('are priced in both units', () => {
    expect(PROPERTIES.some((property) => property.priceText.endsWith('Lakh'))).toBe(true);
    expect(PROPERTIES.some((property) => property.priceText.endsWith('Cr'))).toBe(true);
  });

  it.each(PROPERTIES.map((property) => [property.name, property.priceText, property.priceRupees] as const))(
    '%s (%s) falls in exactly one price range',
    (_name, _price, rupees) => {
      expect(PRICE_RANGES.filter((range) => isInPriceRange(rupees, range))).toHaveLength(1);
    },
  );

  it('leave no price range empty', () => {
    for (const range of PRICE_RANGES) {
      expect(PROPERTIES.some((property) => isInPriceRange(property.priceRupees, range))).toBe(true);
    }
  });

  it('each have a name, location, area, amenities and a bundled picture of their own', () => {
    for (const property of PROPERTIES) {
      expect(property.name && property.location && property.area).toBeTruthy();
      expect(property.amenities.length).toBeGreaterThan(0);
      expect(propertyImage(property.imageKey)).toMatch(new RegExp(`/${property.imageKey}\\.svg$`));
    }
    expect(new Set(PROPERTIES.map((property) => propertyImage(property.imageKey))).size).toBe(16);
  });
});
