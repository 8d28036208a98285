/** Words before or after a name that say nothing of who the person is. */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'shri', 'sri', 'shree', 'smt', 'kumari', 'km', 'ji', 'sir', 'madam']);

/**
 * How Indian names are spelt differently in Latin letters: aspirated consonants written
 * with or without the h, long vowels doubled or not, x for ksh, w for v.
 */
const SPELLINGS: [RegExp, string][] = [
  [/x/g, 'ks'],
  [/ksh/g, 'ks'],
  [/([bdgkptcj])h/g, '$1'],
  [/sh/g, 's'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/w/g, 'v'],
  [/z/g, 'j'],
  [/ee/g, 'i'],
  [/oo/g, 'u'],
  [/(\p{L})\1+/gu, '$1'],
];

/** A name's words (letters of any script, and digits), each folded to the spelling every transliteration of it shares; honorifics left out. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !HONORIFICS.has(word))
    .map((word) => SPELLINGS.reduce((folded, [pattern, replacement]) => folded.replace(pattern, replacement), word));
}

/**
 * Whether two people's names cannot be one person's, spelling aside: each word of the
 * shorter name must be a word of the longer one (spelt alike, one slip in a long word, or
 * its initial). "Aarav Sharma" and "Arav Sharma" or "A. Sharma" are one name; "Rahul
 * Verma" and "Aarav Sharma", or "Amit" and "Amita", are not. A missing name (null or no
 * letters) differs from nothing. When unsure it says "differ": a possible duplicate is
 * shown to staff, whereas a wrong "same" would mix two people's records.
 */
export function namesDifferBeyondSpelling(name: string | null, other: string | null): boolean {
  const words = nameWords(name ?? '');
  const otherWords = nameWords(other ?? '');
  if (words.length === 0 || otherWords.length === 0) return false;
  const [shorter, longer] = words.length <= otherWords.length ? [words, otherWords] : [otherWords, words];
  const unmatched = [...longer];
  for (const word of shorter) {
    const match = unmatched.findIndex((candidate) => sameWord(word, candidate));
    if (match < 0) return true;
    unmatched.splice(match, 1);
  }
  return false;
}

/**
 * The key of "a close name": the folded words of a full name in alphabetical order
 * ("Sharma Aarav" is "Aarav Sharma"); null for a single word, which too many people share.
 */
export function nameKey(name: string): string | null {
  const words = nameWords(name);
  return words.length >= 2 ? words.sort().join(' ') : null;
}

/** Long words: one letter added, dropped or changed is a slip of the keyboard, not another name. */
const SLIP_TOLERANT_LENGTH = 6;

function sameWord(word: string, other: string): boolean {
  if (word === other) return true;
  if (word.length === 1 || other.length === 1) return word[0] === other[0];
  return Math.min(word.length, other.length) >= SLIP_TOLERANT_LENGTH && withinOneEdit(word, other);
}

/** One insertion, deletion or substitution apart at most. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  const rest = short.length === long.length ? i + 1 : i;
  return short.slice(rest) === long.slice(i + 1);
}
