// OWASP's CSV injection advice: a cell that a spreadsheet would read as a formula is
// prefixed with a single quote, and the import strips exactly that prefix again.
// A cell that already begins with a quote is prefixed too, so that stripping never
// eats a quote that was part of the value ("'=x" must come back as "'=x").
const FORMULA_LEADERS = ['=', '+', '-', '@', '\t', '\r'];
const QUOTE = "'";

export function escapeFormula(cell: string): string {
  return needsPrefix(cell) ? QUOTE + cell : cell;
}

export function unescapeFormula(cell: string): string {
  return cell.startsWith(QUOTE) && needsPrefix(cell.slice(1)) ? cell.slice(1) : cell;
}

function needsPrefix(cell: string): boolean {
  return cell.startsWith(QUOTE) || FORMULA_LEADERS.some((leader) => cell.startsWith(leader));
}
