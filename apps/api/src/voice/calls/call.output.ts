import { callRecordSchema, type CallRecord } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { Call } from '../../database/models';

export class CallOutput extends createZodDto(callRecordSchema) {}

/** A stored call as the API's JSON shows it. */
export function toCallOutput(call: Call): CallRecord {
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
    structuredOutputs: call.structuredOutputs ? JSON.parse(call.structuredOutputs) : null,
    successEvaluation: call.successEvaluation,
    createdAt: call.createdAt.toISOString(),
    updatedAt: call.updatedAt.toISOString(),
  };
}
