import type { LiveEventType } from '@lead-desk/contracts';

export type { LiveEventType };

/** The signal that crosses processes: small enough for NOTIFY (8000 bytes); the record is re-read. */
export interface LiveEventSignal {
  type: LiveEventType;
  id: string;
}

/** The lead a record is about, and its owner: who may see an event about it (LeadAccess). */
export interface LeadOfRecord {
  leadId: string;
  ownerId: string | null;
}

/** A record as a loader reads it back: what the browser gets, and the lead it is about (none: everyone sees it). */
export interface LiveRecord {
  data: unknown;
  lead: LeadOfRecord | null;
}

/** A signal with its record read back, as the contracts' LiveEvent carries it to the browser. */
export interface LiveEvent extends LiveRecord {
  type: LiveEventType;
}
