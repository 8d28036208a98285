// A lead's tags in one CSV cell, as people write them ("VIP, Investor; NRI") and as our
// export writes them: separated by commas or semicolons, the spaces around each dropped.
// A tag holding a separator or a quote is written in double quotes with its quotes
// doubled ("Pune, West"), so that every tag reads back as it was.

/** What the export writes between two tags. */
export const TAG_SEPARATOR = ', ';
/** The characters that put a tag in quotes when the export writes it (the SQL of both databases tests the same ones). */
export const QUOTED_TAG_CHARACTERS: readonly string[] = [',', ';', '"'];

/** A tag in quotes (its quotes doubled), or else the text up to the next separator; then that separator or the cell's end. */
const TAG_IN_CELL = /\s*(?:"((?:[^"]|"")*)"|([^,;]*))\s*(?:[,;]|$)/g;

/** The tags as the export writes them in one cell. */
export function tagListCell(tags: readonly string[]): string {
  return tags.map((tag) => (QUOTED_TAG_CHARACTERS.some((character) => tag.includes(character)) ? `"${tag.replaceAll('"', '""')}"` : tag)).join(TAG_SEPARATOR);
}

/** The tags a cell names, in its order, blanks dropped. A quote that does not open and close a whole tag is part of the tag's text. */
export function tagsOfCell(cell: string): string[] {
  const tags: string[] = [];
  for (const [, quoted, plain] of cell.matchAll(TAG_IN_CELL)) {
    const tag = quoted === undefined ? plain.trim() : quoted.replaceAll('""', '"');
    if (tag !== '') tags.push(tag);
  }
  return tags;
}
