const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const PLAIN_AMOUNT = /^\d[\d,]*$/;
const STARTS_WITH_DIGIT = /^\d/;

/**
 * A budget as an Indian buyer reads it: amounts grouped the Indian way (₹45,00,000),
 * texts as given with the rupee sign (₹45 Lakh, ₹2.5 Cr).
 */
export function formatBudget(budget: number | string | null): string | null {
  if (budget === null) return null;
  if (typeof budget === 'number') return rupees.format(budget);
  const text = budget.trim();
  if (PLAIN_AMOUNT.test(text)) return rupees.format(Number(text.replaceAll(',', '')));
  return STARTS_WITH_DIGIT.test(text) ? `₹${text}` : text;
}
