const BOOLEAN_WORDS = new Map([
  ['true', true],
  ['yes', true],
  ['1', true],
  ['false', false],
  ['no', false],
  ['0', false],
]);

/** A boolean, or the words people and analysis models write for one (true/yes/1, false/no/0, any case); anything else says nothing. */
export function booleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' ? BOOLEAN_WORDS.get(value.trim().toLowerCase()) : undefined;
}
