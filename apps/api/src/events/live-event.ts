import type { LiveEventType } from '@lead-desk/contracts';

export type { LiveEventType };

/**
 * The signal that crosses processes: small enough for NOTIFY (8000 bytes); the record is re-read.
 * A change that may take a lead out of someone's sight names the owner the lead had before it
 * (`formerOwnerId`): the viewers who saw it then, and only they, are told it left.
 */
export type LiveEventSignal =
  | { type: Exclude<LiveEventType, 'lead.updated' | 'lead.removed' | 'task.created' | 'task.updated'>; id: string }
  /** A reassignment names whom it took the task from: they are told too, so their lists drop it. */
  | { type: 'task.created' | 'task.updated'; id: string; formerAssigneeId?: string | null }
  /** Without formerOwnerId the change kept the lead's owner. */
  | { type: 'lead.updated'; id: string; formerOwnerId?: string | null }
  /** The lead is gone (merged, erased): there is no record to read back, only who saw it. */
  | { type: 'lead.removed'; id: string; formerOwnerId: string | null };

/** The lead a record is about, and its owner: who may see an event about it (LeadAccess). */
export interface LeadOfRecord {
  leadId: string;
  ownerId: string | null;
  /** A task's assignee, who sees it even when its lead is out of their sight. */
  assigneeId?: string | null;
}

/** A record as a loader reads it back: what the browser gets, and the lead it is about (none: everyone sees it). */
export interface LiveRecord {
  data: unknown;
  lead: LeadOfRecord | null;
}

/** A signal with its record read back, as the contracts' LiveEvent carries it to the browser. */
export interface LiveEvent extends LiveRecord {
  type: LiveEventType;
  /** The signal's: the lead's owner before the change, when the change may have taken it out of sight. */
  formerOwnerId?: string | null;
  /** The signal's: a task's assignee before a change (a reassignment). */
  formerAssigneeId?: string | null;
}
