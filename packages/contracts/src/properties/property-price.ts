import { z } from 'zod';
import { rupeesFromIndianAmount } from '../common/indian-amount';

const PRICE_ERROR = 'must be an amount such as "₹85 Lakh", "1.2 Cr" or 8500000 (rupees)';

/** A property's price as an admin gives it, as text ("₹85 Lakh", "1.2 Cr", "85,00,000") or in rupees, read into whole rupees. */
export const propertyPriceSchema = z.union([z.number(), z.string()], PRICE_ERROR).transform((value, context) => {
  const rupees = typeof value === 'number' ? value : rupeesFromIndianAmount(value);
  if (rupees === undefined || !Number.isSafeInteger(rupees) || rupees <= 0) {
    context.addIssue({ code: 'custom', message: PRICE_ERROR, input: value });
    return z.NEVER;
  }
  return rupees;
});

const UNITS = [
  { rupees: 1e7, name: 'crore' },
  { rupees: 1e5, name: 'lakh' },
] as const;

/**
 * An amount in the largest Indian unit it reaches: 1,20,00,000 → 1.2 crore, 49,50,000 →
 * 49.5 lakh, at most two decimals, cut rather than rounded (an amount never reads higher
 * than it is); below a lakh, rupees (unit null).
 */
export function inIndianUnits(rupees: number): { amount: number; unit: 'crore' | 'lakh' | null } {
  const unit = UNITS.find((candidate) => rupees >= candidate.rupees);
  if (!unit) return { amount: rupees, unit: null };
  // Hundredths of the unit by integer division: no floating-point 1.15 → 1.14.
  return { amount: Math.floor(rupees / (unit.rupees / 100)) / 100, unit: unit.name };
}

/** A price as the page advertises one: "₹1.2 Cr", "₹85 Lakh", "₹49.5 Lakh", and below a lakh as written in India ("₹75,000"). */
export function priceTextOf(rupees: number): string {
  const { amount, unit } = inIndianUnits(rupees);
  if (unit === null) return `₹${amount.toLocaleString('en-IN')}`;
  return `₹${amount} ${unit === 'crore' ? 'Cr' : 'Lakh'}`;
}

/** An area as the page advertises one: "1,050 sq ft". */
export function areaTextOf(squareFeet: number): string {
  return `${squareFeet.toLocaleString('en-IN')} sq ft`;
}
