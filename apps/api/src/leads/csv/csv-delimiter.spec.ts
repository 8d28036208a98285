import { csvDelimiterOf } from './csv-delimiter';

describe('csvDelimiterOf', () => {
  it.each([
    ['name,email\nA;B,c@d.in\n', ','],
    ['\ufeffName;Email;Phone\r\nAsha;a@b.in;9876543210\r\n', ';'],
    ['name\temail\n', '\t'],
    ['"Budget; in ₹",Name\n', ','],
    ['name\n', ','],
  ])('%j is separated by %j', (text, delimiter) => {
    expect(csvDelimiterOf(Buffer.from(text))).toBe(delimiter);
  });
});
