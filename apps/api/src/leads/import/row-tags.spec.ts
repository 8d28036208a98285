import { MAX_TAGS_PER_LEAD } from '@lead-desk/contracts';
import { tagsAfterRow } from './row-tags';

describe('tagsAfterRow', () => {
  it('says nothing when the row says nothing of tags', () => {
    expect(tagsAfterRow({}, ['Hot'])).toBeUndefined();
  });

  it("gives a Tags column's tags exactly", () => {
    expect(tagsAfterRow({ tags: ['NRI'] }, ['Hot'])).toEqual(['NRI']);
  });

  it("adds a campaign and form to the lead's own tags, once, whatever their case", () => {
    expect(tagsAfterRow({ addedTags: ['Whitefield Launch', 'Site Visit Form'] }, ['Hot', 'whitefield launch'])).toEqual(['Hot', 'whitefield launch', 'Site Visit Form']);
  });

  it("adds them to a Tags column's tags", () => {
    expect(tagsAfterRow({ tags: ['NRI'], addedTags: ['Diwali Campaign'] }, ['Hot'])).toEqual(['NRI', 'Diwali Campaign']);
  });

  it('never takes a lead past the tag limit: an added tag without room is left to the note', () => {
    const full = Array.from({ length: MAX_TAGS_PER_LEAD }, (_, index) => `Tag ${index}`);
    expect(tagsAfterRow({ addedTags: ['Campaign'] }, full)).toEqual(full);
  });
});
