import { AGENT_CALLS_SOON, nextCallInWords, TEAM_WILL_CALL } from './next-call-in-words';

const ZONE = 'Asia/Kolkata';
// Friday 27 November 2026, 22:30 in India.
const NOW = new Date('2026-11-27T17:00:00.000Z');
const inIndia = (localTime: string) => new Date(`${localTime}+05:30`);

describe('nextCallInWords', () => {
  it('says "in about a minute" for a first call due within a few minutes', () => {
    expect(nextCallInWords(NOW, NOW, ZONE)).toBe(AGENT_CALLS_SOON);
    expect(nextCallInWords(new Date(NOW.getTime() + 30_000), NOW, ZONE)).toBe('Our agent will call you in about a minute');
    expect(nextCallInWords(new Date(NOW.getTime() + 5 * 60_000), NOW, ZONE)).toBe(AGENT_CALLS_SOON);
  });

  it('names the hour, in the app time zone, for a later call', () => {
    expect(nextCallInWords(inIndia('2026-11-27T23:15:00'), NOW, ZONE)).toBe('Our agent will call you today at 11:15 pm');
    expect(nextCallInWords(inIndia('2026-11-28T09:00:00'), NOW, ZONE)).toBe('Our agent will call you tomorrow at 9:00 am');
    expect(nextCallInWords(inIndia('2026-11-30T17:30:00'), NOW, ZONE)).toBe('Our agent will call you on Monday at 5:30 pm');
    expect(nextCallInWords(inIndia('2026-12-07T11:00:00'), NOW, ZONE)).toBe('Our agent will call you on Monday 7 December at 11:00 am');
  });

  it('counts days in the app time zone, not in UTC', () => {
    // 03:30 UTC on the 28th is 09:00 in India and 03:30 in London: each zone's own hour.
    expect(nextCallInWords(new Date('2026-11-28T03:30:00.000Z'), NOW, ZONE)).toBe('Our agent will call you tomorrow at 9:00 am');
    expect(nextCallInWords(new Date('2026-11-28T03:30:00.000Z'), NOW, 'Europe/London')).toBe('Our agent will call you tomorrow at 3:30 am');
  });

  it('says a member of the team will call when the agent will not', () => {
    expect(nextCallInWords(null, NOW, ZONE)).toBe(TEAM_WILL_CALL);
  });
});
