/** `%term%` for LIKE / ILIKE, with the term's own wildcards (and the escape character, backslash) escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
