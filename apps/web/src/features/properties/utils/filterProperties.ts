import type { ListedProperty, PropertyCategory } from '@lead-desk/contracts';
import { ALL_PRICES, PRICE_RANGES, type PriceRange } from '../data/priceRanges';

export interface PropertyFilters {
  /** Case-insensitive substring of the name or the location. */
  query: string;
  /** A PriceRange id or ALL_PRICES.id. */
  priceRangeId: string;
}

export function isInPriceRange(rupees: number, range: PriceRange): boolean {
  return rupees >= range.fromRupees && rupees < range.toRupees;
}

export function filterProperties(properties: readonly ListedProperty[], { query, priceRangeId }: PropertyFilters): ListedProperty[] {
  const needle = query.trim().toLowerCase();
  const range = priceRangeId === ALL_PRICES.id ? undefined : PRICE_RANGES.find((candidate) => candidate.id === priceRangeId);
  return properties.filter(
    (property) =>
      (needle === '' || property.name.toLowerCase().includes(needle) || property.location.toLowerCase().includes(needle)) &&
      (range === undefined || isInPriceRange(property.priceRupees, range)),
  );
}

export function countByCategory(properties: readonly ListedProperty[]): Record<PropertyCategory, number> {
  const counts: Record<PropertyCategory, number> = { apartment: 0, villa: 0, plot: 0, commercial: 0 };
  for (const property of properties) counts[property.category] += 1;
  return counts;
}
