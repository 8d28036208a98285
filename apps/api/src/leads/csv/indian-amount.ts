import { MAX_BUDGET } from '@lead-desk/contracts';

/** A lakh is 1,00,000 rupees, a crore 1,00,00,000; a Map, so "45 constructor" is no amount. */
const MULTIPLIERS = new Map(
  Object.entries({
    l: 1e5,
    lac: 1e5,
    lacs: 1e5,
    lakh: 1e5,
    lakhs: 1e5,
    lk: 1e5,
    cr: 1e7,
    crs: 1e7,
    crore: 1e7,
    crores: 1e7,
    k: 1e3,
    thousand: 1e3,
  }),
);

/**
 * An amount as Indians write it ("45 Lakh", "45L", "1.2 Cr", "1,20,00,000", "₹85 lakhs",
 * "Rs. 50,000", "INR 2.5 crore") in whole rupees, or undefined for anything else.
 * Digit groups may be Indian (1,20,00,000) or Western (12,000,000); paise are rounded.
 */
export function rupeesFromIndianAmount(text: string): number | undefined {
  const match = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(\.\d+)?\s*([a-z]+)?\.?$/i.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction = '', unit] = match;
  if (whole.includes(',') && !/^\d{1,3}(,\d{2})*,\d{3}$|^\d{1,3}(,\d{3})+$/.test(whole)) return undefined;
  const multiplier = unit === undefined ? 1 : MULTIPLIERS.get(unit.toLowerCase());
  if (multiplier === undefined) return undefined;
  const rupees = Math.round(Number(whole.replaceAll(',', '') + fraction) * multiplier);
  return Number.isSafeInteger(rupees) && rupees <= MAX_BUDGET ? rupees : undefined;
}

/** Where a range's two amounts meet: "50 Lakh - 1 Cr", "40–50 lakh", "1 to 1.5 Cr". */
const RANGE_JOIN = /\s*(?:-|–|\bto\b)\s*/i;

/**
 * Whether text is written as money: an amount with a unit, a currency or digit groups
 * ("45 Lakh", "₹85,00,000", "Rs. 50,000"), or a range ending in one ("50 Lakh - 1 Cr",
 * "40-50 lakh"). A bare number ("87", a PIN code) is not: it could be anything.
 */
export function isWrittenAsMoney(text: string): boolean {
  const moneyLike = (part: string) => rupeesFromIndianAmount(part) !== undefined && /[a-z₹,]/i.test(part);
  const parts = text.trim().split(RANGE_JOIN);
  if (parts.length === 1) return moneyLike(parts[0]);
  return parts.length === 2 && rupeesFromIndianAmount(parts[0]) !== undefined && moneyLike(parts[1]);
}
