import { hoursWithin, isWorkingNow, nextWorkingMoment, parseDailyHours, type AgentHours, type DailyHours } from '../agent-hours';

/** A member of staff a caller could be put through to. */
export interface TransferCandidate {
  id: string;
  name: string;
  role: string;
  /** Their availability switch (the one round-robin follows). */
  available: boolean;
  phone: string | null;
  /** Their own working hours (HH:MM-HH:MM); null: the team's. */
  workingHours: string | null;
  routingTurn: number;
}

/** The team's hours, from the configuration. */
export interface TeamHours {
  callingHours: DailyHours;
  /** WORKING_HOURS (default CALLING_HOURS): a member's unless they set their own. */
  workingHours: DailyHours;
  holidays: ReadonlySet<string>;
  timeZone: string;
}

export type TransferDecision =
  | { kind: 'connect'; member: TransferCandidate & { phone: string } }
  /** Nobody can take the call: a callback for `assignee` (null: no member to give it to) at `callbackAt`. */
  | { kind: 'nobody'; assignee: TransferCandidate | null; callbackAt: Date };

/** A member's hours: their own or the team's, within the calling hours, holidays off. */
export function memberHours(member: Pick<TransferCandidate, 'workingHours'> | null, team: TeamHours): AgentHours {
  const own = member?.workingHours ? parseDailyHours(member.workingHours) : null;
  return { hours: hoursWithin(own ?? team.workingHours, team.callingHours), holidays: team.holidays, timeZone: team.timeZone };
}

/** Agents in the routing rule's order: the lowest turn first, then the lowest id (see roundRobin). */
function inRoutingOrder(agents: readonly TransferCandidate[]): TransferCandidate[] {
  return agents.filter(({ role }) => role === 'agent').sort((a, b) => a.routingTurn - b.routingTurn || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Whom a caller who asks for a person is put through to: the lead's owner when they can take
 * it (available, with a phone, inside their working hours within the calling hours, not on a
 * holiday), else the first agent who can, in the routing rule's order. When nobody can, the
 * callback goes to the owner (else the next agent by routing, available ones first) at the
 * first moment of their working hours from now.
 */
export function chooseTransferTarget(owner: TransferCandidate | null, staff: readonly TransferCandidate[], team: TeamHours, now: Date): TransferDecision {
  const canTakeNow = (member: TransferCandidate): member is TransferCandidate & { phone: string } =>
    member.available && !!member.phone && isWorkingNow(memberHours(member, team), now);
  if (owner && canTakeNow(owner)) return { kind: 'connect', member: owner };
  const agents = inRoutingOrder(staff.filter(({ id }) => id !== owner?.id));
  const agent = agents.find(canTakeNow);
  if (agent) return { kind: 'connect', member: agent };
  const assignee = owner ?? agents.find(({ available }) => available) ?? agents[0] ?? null;
  return { kind: 'nobody', assignee, callbackAt: nextWorkingMoment(memberHours(assignee, team), now) ?? now };
}
