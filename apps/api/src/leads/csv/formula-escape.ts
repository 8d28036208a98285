// OWASP's CSV injection advice: a cell that a spreadsheet would read as a formula is
// prefixed with a single quote, and the import strips exactly that prefix again.
// A cell that already begins with a quote is prefixed too, so that stripping never
// eats a quote that was part of the value ("'=x" must come back as "'=x").
const FORMULA_LEADERS = ['=', '+', '-', '@', '\t', '\r'];
export const FORMULA_QUOTE = "'";

/** The first characters that earn a cell the quote prefix (the export's SQL tests the same ones). */
export const PREFIXED_STARTS: readonly string[] = [...FORMULA_LEADERS, FORMULA_QUOTE];
const PREFIXED_CODES = new Set(PREFIXED_STARTS.map((start) => start.charCodeAt(0)));

export function escapeFormula(cell: string): string {
  return needsPrefix(cell) ? FORMULA_QUOTE + cell : cell;
}

export function unescapeFormula(cell: string): string {
  return cell.startsWith(FORMULA_QUOTE) && needsPrefix(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One character-code lookup: it runs for every cell of an export. */
function needsPrefix(cell: string): boolean {
  return PREFIXED_CODES.has(cell.charCodeAt(0));
}
