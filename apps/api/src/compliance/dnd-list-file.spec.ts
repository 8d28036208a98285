import { readDndListFile } from './dnd-list-file';

describe('readDndListFile', () => {
  it('reads a list of numbers, a header line without digits skipped', () => {
    expect(readDndListFile(Buffer.from('msisdn,registered on\n98765 43210,2026-01-02\n+91 98450-12345,2026-02-03\n'), 'IN')).toEqual({ numbers: ['+919876543210', '+919845012345'] });
  });

  it('reads a list saved by Excel as "Unicode text": UTF-16 with its byte-order mark, tab-separated', () => {
    const file = Buffer.from('\uFEFFNumber\tRegistered on\n9876543210\t02/01/2026\n', 'utf16le');
    expect(readDndListFile(file, 'IN')).toEqual({ numbers: ['+919876543210'] });
  });

  it('reads a list saved by Excel on Windows (Windows-1252) whose header holds an accent', () => {
    const file = Buffer.concat([Buffer.from('T'), Buffer.from([0xe9]), Buffer.from('l'), Buffer.from([0xe9]), Buffer.from('phone;Source\n9876543210;Jio\n')]);
    expect(readDndListFile(file, 'IN')).toEqual({ numbers: ['+919876543210'] });
  });

  it('refuses bytes that are not text', () => {
    expect(readDndListFile(Buffer.from([0x39, 0x38, 0x81, 0xc3, 0x28]), 'IN')).toEqual({ errors: [{ field: 'file', message: 'is not text in UTF-8, UTF-16 (with its byte-order mark) or Windows-1252' }] });
  });

  it('refuses the whole list when a line is not a phone number', () => {
    expect(readDndListFile(Buffer.from('9876543210\nnot a number\n'), 'IN')).toEqual({ errors: [{ field: 'line 2', message: 'not a number is not a valid phone number' }] });
  });
});
