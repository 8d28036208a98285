import { InvalidFieldsException } from '../common/field-errors';
import { decodeTaskCursor, encodeTaskCursor } from './task-cursor';

describe('task cursor', () => {
  it('gives back the position it was made of', () => {
    const cursor = { dueAt: new Date('2026-11-29T05:30:00.000Z'), id: '019ac0de-0000-7000-8000-000000000001' };
    expect(decodeTaskCursor(encodeTaskCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'garbage', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["not a date","x"]').toString('base64url'), encodeTaskCursor({ dueAt: new Date(), id: "x' OR 1=1" })])(
    'refuses %p naming cursor',
    (text) => {
      expect(() => decodeTaskCursor(text)).toThrow(InvalidFieldsException);
    },
  );
});
