/** What people write between a number's digits: spaces, dashes, dots, slashes and brackets. */
const NUMBER_PUNCTUATION = /[\s\-./()]/g;
/** A phone search needs this many digits: fewer would find most numbers (and a trigram index needs three characters). */
const MIN_DIGITS = 3;

/**
 * The part of a stored phone number (E.164: `+` and digits) that a search term written as a
 * phone number stands for, or null when the term is not written as one (it has letters or
 * other signs, or fewer than three digits). Its digits, in any writing: a national trunk 0
 * dropped (`098450 12345` → `9845012345`), a leading `+` kept as typed, and with it the
 * country code (`+91 98450-12345` → `+919845012345`). A stored number contains it exactly
 * when it is that number or holds that part of it (`98450`).
 */
export function phoneSearchText(term: string): string | null {
  const written = /^(\+?)(\d+)$/.exec(term.replace(NUMBER_PUNCTUATION, ''));
  if (!written) return null;
  const [, plus, digits] = written;
  const own = plus ? digits : digits.replace(/^0/, '');
  return own.length >= MIN_DIGITS ? `${plus}${own}` : null;
}
