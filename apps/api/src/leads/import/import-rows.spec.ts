import { NOTE_MAX_LENGTH, type ImportTarget } from '@lead-desk/contracts';
import type { ImportColumn } from './import-columns';
import { ImportNames } from './import-names';
import { readImportRow } from './import-rows';

const reading = { timeZone: 'Asia/Kolkata', names: new ImportNames([], []) };
const column = (header: string, target: ImportTarget, noteLabel = header): ImportColumn => ({ header, target, noteLabel, sample: [] });

describe('readImportRow', () => {
  it("keeps a row's note columns as one note, a line each in the file's order, its empty cells left out", () => {
    const columns = [column('Name', 'name'), column('Remarks', 'note'), column('Alternate Number', 'note'), column('campaign_name', 'noteAndTag', 'Campaign')];
    const row = readImportRow({ line: 2, cells: ['Asha Rao', 'Call after 6 pm', '', 'Diwali Launch'] }, columns, reading);
    expect(row).toMatchObject({ input: { name: 'Asha Rao' }, note: 'Remarks: Call after 6 pm\nCampaign: Diwali Launch', addedTags: ['Diwali Launch'], errors: [] });
  });

  it('leaves a cell too long for a tag to the note alone', () => {
    const long = 'Sarjapur Road Villas - Diwali 2026 - Lookalike 3%';
    const row = readImportRow({ line: 2, cells: ['Asha Rao', long] }, [column('Name', 'name'), column('campaign_name', 'noteAndTag', 'Campaign')], reading);
    expect(row.note).toBe(`Campaign: ${long}`);
    expect(row.addedTags).toBeUndefined();
  });

  it('makes a note longer than a note may be the row\'s error, naming the first note column', () => {
    const row = readImportRow({ line: 2, cells: ['Asha Rao', 'x'.repeat(NOTE_MAX_LENGTH)] }, [column('Name', 'name'), column('Remarks', 'note')], reading);
    expect(row.errors).toEqual([{ field: 'Remarks', message: 'would make a note longer than 10,000 characters' }]);
  });

  it("reads a cell as a recognised export writes it before its target does", () => {
    const phone: ImportColumn = { ...column('phone_number', 'phone'), readText: (text) => text.replace(/^p:/, '') };
    expect(readImportRow({ line: 2, cells: ['p:+919845012345'] }, [phone], reading, true)).toMatchObject({ input: { phone: '+919845012345' }, cells: [{ text: 'p:+919845012345', value: '+919845012345' }] });
  });
});
