import { MAX_BUDGET } from '../leads/budget';

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

/** Words before a spoken budget that say nothing of its size: "my budget is around 80 lakh", "under 1 crore", "upto 90L". */
const BUDGET_PREFIX = /^(?:(?:a|my|the)\s+)?(?:budget\s+(?:is\s+|of\s+)?)?(?:around|about|approx(?:imately)?\.?|roughly|under|below|within|up\s*to|max(?:imum)?|less\s+than|not\s+more\s+than)?\s*/i;
/** And after it: "80 lakh rupees", "90L only", "1 crore max". */
const BUDGET_SUFFIX = /(?:\s+(?:rupees|rs\.?|inr|only|max(?:imum)?|or\s+(?:less|below)))+\s*$/i;

/** "1 crore 20 lakh", as budgets are said aloud: a crore part and a lakh part, added. */
const CRORE_AND_LAKH = /^(\d+(?:\.\d+)?)\s*(?:crores?|crs?)\s+(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:lakhs?|lacs?|l)$/i;

/**
 * The most a buyer means to spend, as they or an assistant put it: rupees ("8000000"), an
 * amount ("80 Lakh", "1.2 Cr", "80 lakhs", "1.5 crore", "₹85,00,000"), with words that
 * leave its size alone ("around 80 lakh rupees"), said in two parts ("1 crore 20 lakh"),
 * or a range, whose upper end is the budget ("80 lakh to 1 crore", "80-90 lakh").
 * Undefined for anything else.
 */
export function rupeesFromBudgetWords(text: string): number | undefined {
  const amount = text.trim().replace(BUDGET_PREFIX, '').replace(BUDGET_SUFFIX, '').trim();
  const spoken = CRORE_AND_LAKH.exec(amount);
  if (spoken) return Math.round(Number(spoken[1]) * 1e7 + Number(spoken[2]) * 1e5);
  const parts = amount.split(RANGE_JOIN);
  if (parts.length === 2 && rupeesFromIndianAmount(parts[0]) !== undefined) return rupeesFromIndianAmount(parts[1]);
  return parts.length === 1 ? rupeesFromIndianAmount(amount) : undefined;
}
