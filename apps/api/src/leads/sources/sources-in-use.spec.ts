import { sourcesInUse, spellingsOf } from './sources-in-use';

describe('sourcesInUse', () => {
  it('counts spellings that differ only in case as one source, named by the most used, most used first', () => {
    expect(
      sourcesInUse([
        { source: 'Chat Bot', count: 2 },
        { source: 'Voice Bot', count: 3 },
        { source: 'chat bot', count: 5 },
        { source: 'voice bot', count: 23 },
        { source: 'web form', count: 7 },
        { source: 'Facebook', count: 0 },
      ]),
    ).toEqual([
      { source: 'voice bot', count: 26 },
      { source: 'chat bot', count: 7 },
      { source: 'web form', count: 7 },
    ]);
  });

  it('names a source by the first spelling in sort order when two are used as often, and orders equal counts by name', () => {
    expect(
      sourcesInUse([
        { source: 'walk-in', count: 4 },
        { source: 'Walk-In', count: 4 },
        { source: 'Referral', count: 8 },
      ]),
    ).toEqual([
      { source: 'Referral', count: 8 },
      { source: 'Walk-In', count: 8 },
    ]);
  });
});

describe('spellingsOf', () => {
  it('finds every stored spelling of a source, case and surrounding spaces aside', () => {
    expect(spellingsOf(' VOICE bot', ['Voice Bot', 'voice bot', 'voice bots', 'chat bot'])).toEqual(['Voice Bot', 'voice bot']);
    expect(spellingsOf('Facebook', ['voice bot'])).toEqual([]);
  });
});
