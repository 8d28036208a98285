import type { SampledImportTable, TableRecord } from './import-table';
import { importColumns, type ImportColumns } from './import-columns';

/** A table of these headers whose records are these rows. */
function table(headers: string[], ...rows: string[][]): SampledImportTable {
  const sample: TableRecord[] = rows.map((cells, index) => ({ line: index + 2, cells }));
  return { reading: { format: 'csv', encoding: 'utf-8', byteOrderMark: false, delimiter: 'comma' }, headers, sample, records: (async function* () {})() };
}

function understood(result: ReturnType<typeof importColumns>): ImportColumns {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('importColumns', () => {
  it('reads a column by its header first, then by its values; a column nothing identifies has no target', () => {
    const file = table(['Name', 'Mobile Phone', 'Contact', 'Lead Score', 'updatedAt'], ['Asha Rao', '98450 12345', 'asha@example.in', '87', ''], ['Ravi Kumar', '', 'ravi@example.in', '42', '']);
    const { knownExport, columns } = understood(importColumns(file, 'IN'));
    expect(knownExport).toBeNull();
    expect(columns.map(({ header, suggested, target, sample }) => ({ header, suggested, target, sample }))).toEqual([
      { header: 'Name', suggested: { target: 'name', from: 'header' }, target: 'name', sample: ['Asha Rao', 'Ravi Kumar'] },
      { header: 'Mobile Phone', suggested: { target: 'phone', from: 'header' }, target: 'phone', sample: ['98450 12345'] },
      { header: 'Contact', suggested: { target: 'email', from: 'values' }, target: 'email', sample: ['asha@example.in', 'ravi@example.in'] },
      { header: 'Lead Score', suggested: undefined, target: undefined, sample: ['87', '42'] },
      { header: 'updatedAt', suggested: { target: 'ignore', from: 'header' }, target: 'ignore', sample: [] },
    ]);
  });

  it("decides an ambiguous header by its values: a Contact column of numbers is the phone, our export's quote prefix aside", () => {
    const { columns } = understood(importColumns(table(['Contact'], ["'+919845012345"], ['098765 43210']), 'IN'));
    expect(columns[0].suggested).toEqual({ target: 'phone', from: 'values' });
  });

  it('keeps a second column of one field as a note, so its cells are not lost to the first', () => {
    const { columns } = understood(importColumns(table(['Name', 'Phone', 'WhatsApp', 'Contact', 'Budget', 'Expected Price'], ['Asha', '9845012345', '9845012399', '9845012377', '45 Lakh', '50 Lakh']), 'IN'));
    expect(columns.map((column) => column.suggested)).toEqual([
      { target: 'name', from: 'header' },
      { target: 'phone', from: 'header' },
      { target: 'note', from: 'header' },
      { target: 'note', from: 'values' },
      { target: 'budget', from: 'header' },
      { target: 'note', from: 'values' },
    ]);
  });

  it("puts the mapping's choice over any suggestion", () => {
    const { columns } = understood(importColumns(table(['Contact', 'Lead Score'], ['9845012345', '87']), 'IN', new Map([['Contact', 'note'], ['Lead Score', 'ignore']])));
    expect(columns.map((column) => column.target)).toEqual(['note', 'ignore']);
  });

  it.each([
    [['Asha Rao', '9845012345', 'Whitefield'], '"9845012345" is a phone number'],
    [['Asha Rao', 'asha@example.in'], '"asha@example.in" is an email address'],
  ])('refuses a file whose first row is data: %j', (headers, what) => {
    expect(importColumns(table(headers), 'IN')).toEqual({ ok: false, errors: [{ field: 'file', message: `has no header row: its first row is data (${what}), not the names of the columns` }] });
  });

  it('refuses a mapping naming a header the file lacks', () => {
    expect(importColumns(table(['Name']), 'IN', new Map([['Phone', 'phone']]))).toEqual({ ok: false, errors: [{ field: 'mapping', message: '"Phone" is not a column of the file (Name)' }] });
  });

  it("recognises a Meta Lead Ads export by its headers and reads every column by Meta's layout", () => {
    const headers = ['id', 'created_time', 'ad_id', 'ad_name', 'adset_id', 'adset_name', 'campaign_id', 'campaign_name', 'form_id', 'form_name', 'is_organic', 'platform', 'what_is_your_budget?', 'when_do_you_plan_to_buy?', 'full_name', 'phone_number', 'email', 'city'];
    const { knownExport, columns } = understood(importColumns(table(headers), 'IN'));
    expect(knownExport).toBe('meta-lead-ads');
    expect(Object.fromEntries(columns.map((column) => [column.header, [column.target, column.noteLabel]]))).toEqual({
      id: ['note', 'Meta lead id'],
      created_time: ['createdAt', 'created_time'],
      ad_id: ['ignore', 'ad_id'],
      ad_name: ['ignore', 'ad_name'],
      adset_id: ['ignore', 'adset_id'],
      adset_name: ['ignore', 'adset_name'],
      campaign_id: ['ignore', 'campaign_id'],
      campaign_name: ['noteAndTag', 'Campaign'],
      form_id: ['ignore', 'form_id'],
      form_name: ['noteAndTag', 'Form'],
      is_organic: ['ignore', 'is_organic'],
      platform: ['source', 'platform'],
      'what_is_your_budget?': ['budgetInRupees', 'What is your budget?'],
      'when_do_you_plan_to_buy?': ['note', 'When do you plan to buy?'],
      full_name: ['name', 'full_name'],
      phone_number: ['phone', 'phone_number'],
      email: ['email', 'email'],
      city: ['location', 'city'],
    });
    expect(columns.every((column) => column.suggested?.from === 'export')).toBe(true);
    const readText = (header: string, text: string) => columns.find((column) => column.header === header)!.readText!(text);
    expect(readText('phone_number', 'p:+919845012345')).toBe('+919845012345');
    expect(readText('platform', 'fb')).toBe('facebook ads');
    expect(readText('platform', 'ig')).toBe('instagram ads');
    expect(readText('id', 'l:1234567890')).toBe('1234567890');
    expect(readText('what_is_your_budget?', '50_lakh_-_1_cr')).toBe('50 Lakh - 1 Cr');
    expect(readText('when_do_you_plan_to_buy?', 'within_3_months')).toBe('Within 3 Months');
  });

  it('does not take a file for a Meta export on a few of its headers', () => {
    expect(understood(importColumns(table(['id', 'full_name', 'phone_number', 'platform']), 'IN')).knownExport).toBeNull();
  });
});
