import { decodeText } from './text-encoding';

const TEXT = 'Name,City\nJosé – Zoë,Bengaluru\n';

/** UTF-16 big-endian bytes (Node writes only little-endian): each code unit's bytes swapped. */
function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

describe('decodeText', () => {
  it.each([
    ['UTF-8', Buffer.from(TEXT), { encoding: 'utf-8', byteOrderMark: false }],
    ['UTF-8 with its byte-order mark', Buffer.from(`\uFEFF${TEXT}`), { encoding: 'utf-8', byteOrderMark: true }],
    ['UTF-16 little-endian with its byte-order mark', Buffer.from(`\uFEFF${TEXT}`, 'utf16le'), { encoding: 'utf-16le', byteOrderMark: true }],
    ['UTF-16 big-endian with its byte-order mark', utf16be(`\uFEFF${TEXT}`), { encoding: 'utf-16be', byteOrderMark: true }],
    ['Windows-1252, as Excel on Windows saves a CSV', Buffer.from([...Buffer.from('Name,City\nJos'), 0xe9, 0x20, 0x96, 0x20, 0x5a, 0x6f, 0xeb, ...Buffer.from(',Bengaluru\n')]), { encoding: 'windows-1252', byteOrderMark: false }],
  ])('reads %s', (_, bytes, how) => {
    expect(decodeText(bytes)).toEqual({ text: TEXT, ...how });
  });

  it('keeps text that is valid UTF-8 as UTF-8, whatever its script', () => {
    expect(decodeText(Buffer.from('नाम,शहर\nप्रिया 🏡,पुणे\n'))).toEqual({ text: 'नाम,शहर\nप्रिया 🏡,पुणे\n', encoding: 'utf-8', byteOrderMark: false });
  });

  it('reads the characters Windows-1252 puts where Latin-1 has controls (€, curly quotes, en and em dashes)', () => {
    expect(decodeText(Buffer.from([0x80, 0x20, 0x93, 0x48, 0x69, 0x94, 0x20, 0x96, 0x20, 0x97]))?.text).toBe('€ “Hi” – —');
  });

  it('drops only the byte-order mark: a second one is the text\'s own', () => {
    expect(decodeText(Buffer.from('\uFEFF\uFEFFa', 'utf16le'))?.text).toBe('\uFEFFa');
  });

  it.each([
    ['UTF-16 with its byte-order mark cut off mid-character', Buffer.concat([Buffer.from('\uFEFFname', 'utf16le'), Buffer.from([0x41])])],
    ['bytes Windows-1252 leaves undefined, not valid UTF-8 either', Buffer.from([0x6e, 0x61, 0x81, 0xc3, 0x28])],
  ])('refuses %s', (_, bytes) => {
    expect(decodeText(bytes)).toBeUndefined();
  });
});
