const RUPEES_PER_UNIT = { lakh: 100_000, cr: 10_000_000 } as const;

const PRICE_PATTERN = /^₹?\s*(\d+(?:\.\d+)?)\s*(lakh|lac|cr|crore)s?$/i;

/** "₹85 Lakh" → 8,500,000 and "₹1.2 Cr" → 12,000,000, so prices in either unit compare correctly. */
export function parsePriceToRupees(price: string): number {
  const match = PRICE_PATTERN.exec(price.trim());
  if (!match) throw new Error(`Unrecognised price "${price}": expected an amount in Lakh or Cr`);
  const unit = match[2].toLowerCase().startsWith('l') ? 'lakh' : 'cr';
  // Rounded: 1.15 * 10,000,000 is 11,499,999.999… in floating point.
  return Math.round(Number(match[1]) * RUPEES_PER_UNIT[unit]);
}
