/** What the dashboard hears about through GET /api/events. */
export type LiveEventType = 'lead.created' | 'lead.updated' | 'call.updated';

/** The signal that crosses processes: small enough for NOTIFY (8000 bytes); the record is re-read. */
export interface LiveEventSignal {
  type: LiveEventType;
  id: string;
}

export interface LiveEvent {
  type: LiveEventType;
  data: unknown;
}
