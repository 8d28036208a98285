import { InvalidFieldsException } from '../common/field-errors';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor';

describe('lead cursors', () => {
  it('decodes what it encodes', () => {
    const cursor = { createdAt: new Date('2026-11-01T10:00:00.123Z'), id: '01a204c4-709c-755e' };
    expect(decodeLeadCursor(encodeLeadCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'garbage', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["not a date","x"]').toString('base64url'), encodeLeadCursor({ createdAt: new Date(), id: 'a\u0000b' })])(
    'rejects %j as a 400 naming cursor',
    (text) => {
      expect(() => decodeLeadCursor(text)).toThrow(InvalidFieldsException);
    },
  );
});
