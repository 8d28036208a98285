import { DateTime } from 'luxon';

/** A first call due within this long is "in about a minute": the delay and the dialling are seconds to minutes. */
const SOON_MS = 5 * 60_000;

export const AGENT_CALLS_SOON = 'Our agent will call you in about a minute';
export const TEAM_WILL_CALL = 'A member of our team will call you';

/**
 * What a person who asked for a callback is told will happen next: the agent's first call
 * "in about a minute" when it is due within a few minutes, otherwise its time in words in
 * `timeZone` ("Our agent will call you tomorrow at 9:00 am"); when the agent will not call
 * (Do Not Call, a source whose agent is off), a member of the team will. Never why: the page
 * is public, and whether a number is on a Do Not Call list is not for anyone who types it.
 */
export function nextCallInWords(firstCallAt: Date | null, now: Date, timeZone: string): string {
  if (!firstCallAt) return TEAM_WILL_CALL;
  if (firstCallAt.getTime() - now.getTime() <= SOON_MS) return AGENT_CALLS_SOON;
  const at = DateTime.fromJSDate(firstCallAt, { zone: timeZone }).setLocale('en-GB');
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const days = Math.round(at.startOf('day').diff(today, 'days').days);
  const time = at.toFormat('h:mm a').toLowerCase();
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : days < 7 ? `on ${at.toFormat('cccc')}` : `on ${at.toFormat('cccc d LLLL')}`;
  return `Our agent will call you ${day} at ${time}`;
}
