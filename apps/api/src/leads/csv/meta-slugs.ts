/**
 * Meta's lead export writes a form's questions, and the options a person picked, as slugs:
 * lower case, underscores for spaces (`what_is_your_budget?`, `50_lakh_-_1_cr`). Free-text
 * answers are written as typed.
 */
const SLUG = /^[\p{Ll}\p{N}_\-.?/()&+'’]+$/u;

/** Words written in capitals wherever they stand in an answer. */
const CAPITALISED = new Set(['bhk', 'nri', 'emi', 'rera']);

function isSlug(text: string): boolean {
  return text.includes('_') && SLUG.test(text);
}

function words(slug: string): string[] {
  return slug.split('_').filter((word) => word !== '');
}

function capitalised(word: string): string {
  return CAPITALISED.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1);
}

/** An option a person picked, in words: `50_lakh_-_1_cr` → "50 Lakh - 1 Cr", `3_bhk` → "3 BHK". Any other text as written. */
export function answerInWords(text: string): string {
  return isSlug(text) ? words(text).map(capitalised).join(' ') : text;
}

/** A question, as a sentence: `what_is_your_budget?` → "What is your budget?". Any other header as written. */
export function questionInWords(header: string): string {
  if (!isSlug(header)) return header;
  const sentence = words(header).join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
