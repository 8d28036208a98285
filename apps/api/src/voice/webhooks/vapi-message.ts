import { plainText } from '@lead-desk/contracts';
import { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';
import { isLeadId } from '../../leads/lead-id';

// The parts of the voice platform's server messages we read, as its server SDK types
// them (ServerMessageEndOfCallReport, ServerMessageStatusUpdate, Call, Artifact,
// Analysis, Recording). Only the type, a status update's status and, when there is a
// call, its id are required: an optional part that is missing, null or oddly typed is
// ignored, because refusing the message would lose the rest of what the platform delivered.

/** An optional part: kept when it has the expected shape, otherwise ignored. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

// PostgreSQL cannot store NUL in text: it is dropped from the text we keep, and refused in ids.
export const optionalText = lenient(z.string().transform((value) => value.replaceAll('\u0000', '')));
export const customer = lenient(z.looseObject({ number: optionalText, name: optionalText }));
export const jsonObject = lenient(z.record(z.string(), z.unknown()));

const call = z.looseObject(
  {
    id: plainText('is required').min(1, 'is required').max(200, 'must be at most 200 characters'),
    type: optionalText,
    startedAt: optionalText,
    endedAt: optionalText,
    cost: lenient(z.number()),
    customer,
    // Outbound calls carry our lead id here (see OutboundCallsService); older payloads at call.metadata.
    assistantOverrides: lenient(z.looseObject({ metadata: jsonObject })),
    metadata: jsonObject,
  },
  'is required',
);

export const webhookEnvelopeSchema = z.object({
  message: z.looseObject({ type: z.string('is required').min(1, 'is required').max(100) }, 'is required'),
});

// A message about no call at all (Vapi's schemas make `call` optional) is kept, not refused: see isAttributable.
const optionalCall = call.nullish();

const endOfCallReportSchema = z.looseObject({
  type: z.literal('end-of-call-report'),
  call: optionalCall,
  customer,
  endedReason: optionalText,
  startedAt: optionalText,
  endedAt: optionalText,
  cost: lenient(z.number()),
  durationSeconds: lenient(z.number()),
  // Older payloads carried these at the top level; newer ones under artifact and analysis.
  recordingUrl: optionalText,
  transcript: optionalText,
  summary: optionalText,
  artifact: lenient(
    z.looseObject({
      transcript: optionalText,
      // Keyed by the output's id, each `{ name, result }` (Vapi's Artifact.structuredOutputs).
      structuredOutputs: jsonObject,
      // What was said, turn by turn (Vapi's Artifact.messages: UserMessage has role "user" and message).
      messages: lenient(z.array(z.unknown())),
      recordingUrl: optionalText,
      recording: lenient(z.looseObject({ stereoUrl: optionalText, mono: lenient(z.looseObject({ combinedUrl: optionalText })) })),
    }),
  ),
  analysis: lenient(
    z.looseObject({
      summary: optionalText,
      structuredData: jsonObject,
      successEvaluation: z.unknown().optional(),
    }),
  ),
});

const statusUpdateSchema = z.looseObject({
  type: z.literal('status-update'),
  status: plainText('is required').min(1, 'is required').max(50, 'must be at most 50 characters'),
  endedReason: optionalText,
  call: optionalCall,
  customer,
});

export type VapiCall = z.output<typeof call>;
type AboutCall<T> = T & { call: VapiCall };
/** A handled message as it arrived: about a call, or (rarely) about none. */
export type ParsedMessage = z.output<typeof endOfCallReportSchema> | z.output<typeof statusUpdateSchema>;
export type EndOfCallReport = AboutCall<z.output<typeof endOfCallReportSchema>>;
export type StatusUpdate = AboutCall<z.output<typeof statusUpdateSchema>>;
/** A handled message about a call: what the processor applies. */
export type HandledMessage = EndOfCallReport | StatusUpdate;

/**
 * Whether a message names its call. One that does not cannot be tied to a call record or a
 * lead; it is stored for an admin to look at, and answered 2xx (Vapi does not retry a 4xx).
 */
export function isAttributable(message: ParsedMessage): message is HandledMessage {
  return Boolean(message.call);
}

/** The message types we store and act on; others are acknowledged and dropped. */
const HANDLED_TYPES = ['end-of-call-report', 'status-update'] as const;

export function isHandledType(type: string): type is HandledMessage['type'] {
  return (HANDLED_TYPES as readonly string[]).includes(type);
}

/** Validates a handled message; errors name the field from the body's root (`message.call.id`). */
export function parseHandledMessage(message: { type: HandledMessage['type'] }): { ok: true; value: ParsedMessage } | { ok: false; errors: FieldError[] } {
  const schema = message.type === 'end-of-call-report' ? endOfCallReportSchema : statusUpdateSchema;
  const parsed = schema.safeParse(message);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: fieldErrorsFromZod(parsed.error).map((error) => ({ ...error, field: `message.${error.field}` })) };
}

/** The lead an outbound call was placed for, as Vapi echoes it back in every message about the call. */
export function leadIdOf(vapiCall: VapiCall): string | undefined {
  const leadId = vapiCall.assistantOverrides?.metadata?.leadId ?? vapiCall.metadata?.leadId;
  // Anything else in the metadata is not one of our leads (and a NUL in it would fail on PostgreSQL).
  return typeof leadId === 'string' && isLeadId(leadId) ? leadId : undefined;
}
