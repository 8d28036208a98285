export interface PriceRange {
  id: string;
  label: string;
  /** Half-open in rupees: from ≤ price < to. */
  fromRupees: number;
  toRupees: number;
}

export const ALL_PRICES = { id: 'all', label: 'All prices' } as const;

export const PRICE_RANGES: readonly PriceRange[] = [
  { id: 'under-50-lakh', label: 'Under 50 Lakh', fromRupees: 0, toRupees: 5_000_000 },
  { id: '50-lakh-to-1-cr', label: '50 Lakh to 1 Cr', fromRupees: 5_000_000, toRupees: 10_000_000 },
  { id: '1-cr-to-2-cr', label: '1 Cr to 2 Cr', fromRupees: 10_000_000, toRupees: 20_000_000 },
  { id: 'above-2-cr', label: 'Above 2 Cr', fromRupees: 20_000_000, toRupees: Number.POSITIVE_INFINITY },
];
