import type { Lead } from '../../../database/models';
import { UNKNOWN_CALLER } from '../../webhooks/end-of-call-report';
import type { UpcomingVisit } from '../agent-schedule.repository';
import { spokenDateTime } from '../spoken-time';

/** What is known of a caller who rings again, for the agent's greeting. */
export interface KnownCaller {
  lead: Pick<Lead, 'name' | 'interestedIn' | 'location' | 'budgetAmount' | 'budgetText'>;
  lastCallSummary: string | null;
  nextVisit: UpcomingVisit | null;
}

/**
 * The assistant's variables for a known caller (assistantOverrides.variableValues, read by the
 * prompt's `{{ firstName }}`, `{{ lastInterest }}`, `{{ lastCallSummary }}`, `{{ bookedVisit }}`):
 * only those known, so the prompt's defaults speak for the rest. `knownCaller` is always "yes".
 */
export function callerVariables({ lead, lastCallSummary, nextVisit }: KnownCaller, now: Date, timeZone: string): Record<string, string> {
  const variables: Record<string, string> = { knownCaller: 'yes' };
  const firstName = lead.name !== UNKNOWN_CALLER ? lead.name.trim().split(/\s+/)[0] : undefined;
  if (firstName) variables.firstName = firstName;
  const budget = lead.budgetText ?? (lead.budgetAmount !== null ? `${lead.budgetAmount.toLocaleString('en-IN')} rupees` : null);
  const interest = [lead.interestedIn, lead.location && `in ${lead.location}`, budget && `budget ${budget}`].filter(Boolean).join(', ');
  if (interest) variables.lastInterest = interest;
  if (lastCallSummary) variables.lastCallSummary = lastCallSummary;
  if (nextVisit) {
    const where = nextVisit.propertyName ? ` at ${nextVisit.propertyName}${nextVisit.siteVisitAddress ? ` (${nextVisit.siteVisitAddress})` : ''}` : '';
    const withWhom = nextVisit.assigneeName ? ` with ${nextVisit.assigneeName}` : '';
    variables.bookedVisit = `${spokenDateTime(nextVisit.dueAt, now, timeZone)}${where}${withWhom}`;
  }
  return variables;
}
