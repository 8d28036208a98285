import type { LiveEventType } from '@lead-desk/contracts';

export type { LiveEventType };

/** The signal that crosses processes: small enough for NOTIFY (8000 bytes); the record is re-read. */
export interface LiveEventSignal {
  type: LiveEventType;
  id: string;
}

/** A signal with its record read back, as the contracts' LiveEvent carries it to the browser. */
export interface LiveEvent {
  type: LiveEventType;
  data: unknown;
}
