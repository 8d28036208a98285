// Fixed showcase figures from the brochure, not computed from the sample properties.

export const HERO_STATS = [
  { label: 'Available', value: '247' },
  { label: 'Sold', value: '153' },
] as const;

export const FOOTER_FIGURES: readonly { label: string; value: string; isRating?: boolean }[] = [
  { label: 'total', value: '247' },
  { label: 'sold', value: '153' },
  { label: 'available', value: '94' },
  { label: 'customer rating', value: '4.8', isRating: true },
];
