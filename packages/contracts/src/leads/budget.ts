/**
 * The largest number budget, in rupees: past it numbers lose whole rupees (and near the
 * largest double the databases store Infinity or fail).
 */
export const MAX_BUDGET = Number.MAX_SAFE_INTEGER;

/**
 * A non-negative number as JSON writes it. The export writes a number budget as
 * String(number), which turns to exponents below 1e-6 ("5e-7"): those must read back as
 * the number too.
 */
const NUMBER_TEXT = /^(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A budget given as text, read one way wherever a lead comes from (the API, a CSV
 * cell, a call's report): text that is a number a budget can be is that number, so
 * "100" and 100 are one budget and survive an export and import alike; any other text
 * ("45 Lakh", "₹85 lakhs", "-1") is kept as written, trimmed. Empty text is no budget.
 */
export function budgetFromText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = NUMBER_TEXT.test(trimmed) ? Number(trimmed) : NaN;
  return number <= MAX_BUDGET ? number : trimmed;
}
