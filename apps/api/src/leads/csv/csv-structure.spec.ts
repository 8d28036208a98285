import { checkCsvStructure, inSlices } from './csv-structure';

const check = (text: string) => checkCsvStructure(text, { maxCellCharacters: 32_767 });

describe('checkCsvStructure', () => {
  it('accepts a CSV file with blank lines and quoted line breaks', async () => {
    expect(await check('name,email\r\nAsha,"a@example.in"\r\n\r\n"Two\nlines",b@example.in\r\n')).toEqual({ ok: true });
  });

  it('reads a file larger than one slice whole', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `प्रिया ${i} 🏡,p${i}@example.in`);
    expect(rows.join('\n').length).toBeGreaterThan(2 * 64 * 1024);
    expect(await check(['name,email', ...rows].join('\n'))).toEqual({ ok: true });
    expect(await check(['name,email', ...rows, 'Short'].join('\n'))).toEqual({ ok: false, problems: ['line 5002 has 1 cell; the header has 2'] });
  });

  it('slices the text without splitting an emoji between slices', async () => {
    const text = `${'a'.repeat(64 * 1024 - 1)}🏡${'b'.repeat(10)}`;
    const slices: string[] = [];
    for await (const slice of inSlices(text)) slices.push(slice);
    expect(slices.length).toBe(2);
    expect(slices[0].endsWith('a')).toBe(true);
    expect(slices[1].startsWith('🏡')).toBe(true);
    expect(slices.join('')).toBe(text);
  });

  it('keeps control characters other than NUL: a lead may hold them', async () => {
    expect(await check('name\n"a\u0001\u001b\u007fb"\n')).toMatchObject({ ok: true });
  });

  it.each([
    ['NUL bytes', 'name\nAsha\nRavi\u0000\n', 'is not CSV: line 3 holds a NUL byte, as binary files do'],
    ['UTF-16 bytes without a byte-order mark, read as 8-bit text', Buffer.from('name\nAsha\n', 'utf16le').toString('latin1'), 'is not CSV: line 1 holds a NUL byte, as binary files do'],
    ['a JSON object', ' {"name": "Asha", "email": "a@example.in"}', 'is JSON, not CSV'],
    ['a JSON array', '[{"name": "Asha"}]\n', 'is JSON, not CSV'],
    ['an empty file', '', 'has no header row: its first line must name the columns'],
    ['only blank lines', '\n\r\n\n', 'has no header row: its first line must name the columns'],
    ['a header of blank names', ' , \nAsha,a@example.in\n', 'has no header row: its first line must name the columns'],
  ])('refuses %s', async (_, file, problem) => {
    expect(await check(file)).toEqual({ ok: false, problems: [problem] });
  });

  it('names each record whose cell count differs from the header, by the line it starts on', async () => {
    const file = ['name,email,phone', 'Asha,a@example.in,', '"Two', 'lines",b@example.in', 'Ravi,r@example.in,+919811111111,extra', '', 'Meera'].join('\n');
    expect(await check(file)).toEqual({
      ok: false,
      problems: ['line 3 has 2 cells; the header has 3', 'line 5 has 4 cells; the header has 3', 'line 7 has 1 cell; the header has 3'],
    });
  });

  it('lists ten such records and counts the rest', async () => {
    const file = ['name,email', ...Array.from({ length: 25 }, (_, i) => `Person ${i}`)].join('\n');
    const result = await check(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(11);
    expect(result.problems[0]).toBe('line 2 has 1 cell; the header has 2');
    expect(result.problems[9]).toBe('line 11 has 1 cell; the header has 2');
    expect(result.problems[10]).toBe("and 15 more lines whose cell count differs from the header's");
  });

  it.each([
    ['a quoted cell never closed', 'name,email\n"Asha ""AJ""",a@example.in\nRavi,"r@example.in\nMeera,m@example.in\n', 'line 3 has a quote that is never closed'],
    ['a stray quote after a quoted cell', 'name,email\n"Asha" Rao,a@example.in\n', 'line 2 has a quote inside a quoted cell that is not doubled ("")'],
    ['a quote inside an unquoted cell', 'name,email\nAsha "AJ" Rao,a@example.in\n', 'line 2 has a quote inside a cell that does not start with one (quote the cell and double the quote)'],
  ])('refuses %s, naming the line', async (_, file, problem) => {
    expect(await check(file)).toEqual({ ok: false, problems: [problem] });
  });

  it('reports the records of the wrong length read before a broken quote', async () => {
    expect(await check('name,email\nAsha\n"Ravi\n')).toEqual({
      ok: false,
      problems: ['line 2 has 1 cell; the header has 2', 'line 3 has a quote that is never closed'],
    });
  });
});
