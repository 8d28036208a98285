import { csvDelimiterOf } from './csv-delimiter';
import { decodeText } from './text-encoding';

describe('csvDelimiterOf', () => {
  it.each([
    ['name,email\nA;B,c@d.in\n', ','],
    ['Name;Email;Phone\r\nAsha;a@b.in;9876543210\r\n', ';'],
    ['name\temail\n', '\t'],
    ['"Budget; in ₹",Name\n', ','],
    ['name\n', ','],
  ])('%j is separated by %j', (text, delimiter) => {
    expect(csvDelimiterOf(text)).toBe(delimiter);
  });

  it('reads the separator of the decoded text, whatever encoding the bytes were in', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('full_name\tphone_number\tcity\n', 'utf16le')]);
    expect(csvDelimiterOf(decodeText(utf16)!.text)).toBe('\t');
    expect(csvDelimiterOf(decodeText(Buffer.from('Name;Ort\nJos\xe9;K\xf6ln\n', 'latin1'))!.text)).toBe(';');
  });
});
