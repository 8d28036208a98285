import type { StaffPrincipal } from '../auth/staff-session';
import { EVERY_LEAD, leadAccessOf, type LeadAccess } from '../leads/access/lead-access';

/**
 * Who makes or changes a task: a member of staff (none in open mode), or the AI agent during a
 * call (it books visits and callbacks for the team: every lead, any assignee).
 */
export type TaskActor = { kind: 'staff'; staff: StaffPrincipal | undefined } | { kind: 'voice-agent'; vapiCallId: string };

export const staffActor = (staff: StaffPrincipal | undefined): TaskActor => ({ kind: 'staff', staff });

export const voiceAgentActor = (vapiCallId: string): TaskActor => ({ kind: 'voice-agent', vapiCallId });

/** The member of staff a record names as having done it; null for the agent and open mode. */
export function actorIdOf(actor: TaskActor): string | null {
  return actor.kind === 'staff' ? (actor.staff?.id ?? null) : null;
}

/** The call during which the agent acted; null for staff. */
export function agentCallIdOf(actor: TaskActor): string | null {
  return actor.kind === 'voice-agent' ? actor.vapiCallId : null;
}

export function accessOf(actor: TaskActor): LeadAccess {
  return actor.kind === 'staff' ? leadAccessOf(actor.staff) : EVERY_LEAD;
}
