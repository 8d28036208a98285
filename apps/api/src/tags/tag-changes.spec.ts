import { tagChanges } from './tag-changes';

describe('tagChanges', () => {
  it('lists the tags added and removed, as written', () => {
    expect(tagChanges(['VIP', 'Pune'], ['Pune', 'NRI', 'Site visit'])).toEqual({ added: ['NRI', 'Site visit'], removed: ['VIP'] });
  });

  it('counts a change of case or spacing as neither', () => {
    expect(tagChanges(['VIP'], ['vip'])).toEqual({ added: [], removed: [] });
  });

  it('adds everything to no tags and removes everything for none', () => {
    expect(tagChanges([], ['A'])).toEqual({ added: ['A'], removed: [] });
    expect(tagChanges(['A', 'B'], [])).toEqual({ added: [], removed: ['A', 'B'] });
  });
});
