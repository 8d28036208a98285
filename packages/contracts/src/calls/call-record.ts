import { z } from 'zod';

/** A call as GET /api/calls/:id, a lead's details and the call.updated event carry it. */
export const callRecordSchema = z.object({
  id: z.string(),
  vapiCallId: z.string(),
  leadId: z.string().nullable(),
  type: z.string().nullable(),
  /** The voice platform's status (queued, ringing, in-progress, ended…); one it adds later is passed on as it comes. */
  status: z.string(),
  endedReason: z.string().nullable(),
  customerNumber: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  durationSeconds: z.number().nullable(),
  /** What the platform charged, in US dollars. */
  cost: z.number().nullable(),
  summary: z.string().nullable(),
  transcript: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  /** What the assistant's analysis extracted, shaped by its own schema; null without one. */
  structuredData: z.unknown(),
  /** Every structured output of the call (Vapi's artifact.structuredOutputs), by the output's name; null without any. */
  structuredOutputs: z.record(z.string(), z.unknown()).nullable(),
  /** The assistant's success evaluation as the platform wrote it (a judgement of the call, not of the lead). */
  successEvaluation: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;
