import { MAX_TAG_LENGTH, tagListSchema } from '@lead-desk/contracts';
import fc from 'fast-check';
import { tagListCell, tagsOfCell } from './tag-list-cell';

// Tags rich in what a cell's list syntax is made of: separators, quotes, spaces, line breaks.
const piece = fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '""', "'", '\n', '=', '-', 'प्रि', '🏡');
const tag = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
/** Tags as the tag rules store them: trimmed, non-empty, at most 40 characters, no repeats. */
const storedTags = fc.array(tag, { maxLength: 20 }).map((tags) => tagListSchema.parse(tags.filter((t) => t.trim() !== '' && t.trim().length <= MAX_TAG_LENGTH)));

describe('tagListCell and tagsOfCell', () => {
  it('read back every list of stored tags as it was written, in its order', () => {
    fc.assert(fc.property(storedTags, (tags) => expect(tagsOfCell(tagListCell(tags))).toEqual(tags)), { numRuns: 2000 });
  });

  it('read a cell without quotes as comma- or semicolon-separated tags, spaces trimmed and blanks dropped', () => {
    const cell = fc.array(fc.constantFrom('a', 'Z', ' ', ',', ';', '\t', 'प्रि'), { maxLength: 20 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(cell, (text) =>
        expect(tagsOfCell(text)).toEqual(
          text
            .split(/[,;]/)
            .map((t) => t.trim())
            .filter((t) => t !== ''),
        ),
      ),
      { numRuns: 2000 },
    );
  });

  it('quotes a tag holding a separator or a quote, and only such a tag', () => {
    expect(tagListCell(['VIP', 'Pune, West', 'Plot; corner', 'A "hot" one', "Buyer's"])).toBe(`VIP, "Pune, West", "Plot; corner", "A ""hot"" one", Buyer's`);
    expect(tagListCell([])).toBe('');
  });

  it('keeps a quote that does not wrap a whole tag as text', () => {
    expect(tagsOfCell('5" plot, "Sea view" facing; "open')).toEqual(['5" plot', '"Sea view" facing', '"open']);
  });
});
