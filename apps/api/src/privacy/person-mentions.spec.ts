import { ERASED_MENTION, PersonMentions } from './person-mentions';

const mentions = new PersonMentions({ phones: ['+919876543210'], emails: ['aarav.sharma@example.in'], names: ['Aarav Sharma', 'Unknown caller', 'Al'] });

describe('PersonMentions', () => {
  it.each([
    ['aarav.sharma@example.in', ERASED_MENTION],
    ['Mail AARAV.SHARMA@EXAMPLE.IN today', `Mail ${ERASED_MENTION} today`],
    ['+919876543210', ERASED_MENTION],
    ['9876543210', ERASED_MENTION],
    ['call +91 98765 43210 back', `call ${ERASED_MENTION} back`],
    ['098765-43210', ERASED_MENTION],
    ['0091 (98765) 43210', ERASED_MENTION],
    ['Aarav Sharma follow-up', `${ERASED_MENTION} follow-up`],
    ['aarav   sharma', ERASED_MENTION],
    ["Aarav Sharma's budget", `${ERASED_MENTION}'s budget`],
  ])('redacts %j', (text, redacted) => {
    expect(mentions.redacted(text)).toBe(redacted);
  });

  it.each([
    // Someone else: other digits around the number, a longer name, a name that only starts alike.
    '198765432101',
    '98765 4321',
    'Aaravi Sharma',
    'Aarav Sharmaji',
    // The placeholder name of callers who gave none, and names too short to be told apart from words.
    'Unknown caller from Pune',
    'Almond',
    'Al Pacino',
  ])('keeps %j', (text) => {
    expect(mentions.redacted(text)).toBe(text);
  });

  it('redacts every string of JSON text and keeps its structure, or gives the same text back when the person is not in it', () => {
    const errors = JSON.stringify([{ id: null, line: 2, field: 'Aarav Sharma referral', message: 'is not a known column' }]);
    expect(JSON.parse(mentions.redactedJson(errors))).toEqual([{ id: null, line: 2, field: `${ERASED_MENTION} referral`, message: 'is not a known column' }]);
    const filter = '{ "status": "all", "q": "Pune" }';
    expect(mentions.redactedJson(filter)).toBe(filter);
  });

  it('changes nothing for a person with no phone, email or name', () => {
    expect(new PersonMentions({ phones: [], emails: [], names: [] }).redacted('aarav.sharma@example.in')).toBe('aarav.sharma@example.in');
  });
});
