import type { Call } from '../../generated/sqlite/client';

/** A call as the API's JSON shows it. */
export interface CallOutput {
  id: string;
  vapiCallId: string;
  leadId: string | null;
  type: string | null;
  status: string;
  endedReason: string | null;
  customerNumber: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  cost: number | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
  structuredData: unknown;
  createdAt: string;
  updatedAt: string;
}

export function toCallOutput(call: Call): CallOutput {
  return {
    id: call.id,
    vapiCallId: call.vapiCallId,
    leadId: call.leadId,
    type: call.type,
    status: call.status,
    endedReason: call.endedReason,
    customerNumber: call.customerNumber,
    startedAt: call.startedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    durationSeconds: call.durationSeconds,
    cost: call.cost,
    summary: call.summary,
    transcript: call.transcript,
    recordingUrl: call.recordingUrl,
    structuredData: call.structuredData ? JSON.parse(call.structuredData) : null,
    createdAt: call.createdAt.toISOString(),
    updatedAt: call.updatedAt.toISOString(),
  };
}
