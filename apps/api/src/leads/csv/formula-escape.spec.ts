import { escapeFormula, unescapeFormula } from './formula-escape';

describe('CSV formula neutralisation', () => {
  it.each(['=SUM(A1)', '+919876543210', '-2 BHK', '@cmd', '\tTabbed', '\rReturn'])('prefixes %j with a quote', (cell) => {
    expect(escapeFormula(cell)).toBe(`'${cell}`);
  });

  it.each(['Mumbai', "O'Brien", '', '9876543210', ' =spaced'])('leaves %j as it is', (cell) => {
    expect(escapeFormula(cell)).toBe(cell);
    expect(unescapeFormula(cell)).toBe(cell);
  });

  it.each(['=x', "'=x", "''=x", "'quoted", "'", "''", '+91 98765 43210', 'plain'])('round-trips %j unchanged', (cell) => {
    expect(unescapeFormula(escapeFormula(cell))).toBe(cell);
  });

  it('keeps a lone leading quote that no export wrote', () => {
    expect(unescapeFormula("'hello")).toBe("'hello");
  });
});
