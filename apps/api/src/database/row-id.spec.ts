import { newRowId } from './row-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRowId', () => {
  it('makes RFC 9562 version 7 UUIDs carrying the current millisecond', () => {
    const before = Date.now();
    const id = newRowId();
    expect(id).toMatch(UUID_V7);
    const millisecond = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    // The counter may have borrowed a millisecond or two from earlier calls in this file.
    expect(millisecond).toBeGreaterThanOrEqual(before);
    expect(millisecond).toBeLessThanOrEqual(Date.now() + 2);
  });

  it('sorts ids in the order they were made, also thousands within one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newRowId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});
