import { describe, expect, it } from 'vitest';
import { leadFilterSchema } from '../leads/lead-filter';
import { NUL_REFUSED, pageCursorSchema, plainText, text } from './text';

describe('plainText', () => {
  it('refuses a NUL character wherever it is, and takes any other text as it is', () => {
    for (const value of ['\u0000', 'a\u0000b', 'name\u0000']) expect(plainText().safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([NUL_REFUSED]);
    expect(plainText().parse(' Aarav\tशर्मा 🙂 ')).toBe(' Aarav\tशर्मा 🙂 ');
  });

  it('is the start of every text input: trimmed text, cursors and a filter’s search', () => {
    expect(text(10).safeParse(' a\u0000 ').error?.issues.map((issue) => issue.message)).toEqual([NUL_REFUSED]);
    expect(pageCursorSchema.safeParse('abc\u0000').success).toBe(false);
    expect(leadFilterSchema.safeParse({ q: 'a\u0000b' }).error?.issues).toMatchObject([{ path: ['q'], message: NUL_REFUSED }]);
  });
});
