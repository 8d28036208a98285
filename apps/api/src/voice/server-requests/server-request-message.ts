import { plainText } from '@lead-desk/contracts';
import { z } from 'zod';
import { fieldErrorsFromZod, type FieldError } from '../../common/field-errors';
import { leadIdOf, type VapiCall } from '../webhooks/vapi-message';

// The server messages Vapi waits on for an answer during a call (ServerMessageToolCalls,
// ServerMessageTransferDestinationRequest, ServerMessageAssistantRequest). As for the reports,
// only what an answer cannot do without is required; an optional part oddly shaped is ignored.

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const optionalText = lenient(z.string().transform((value) => value.replaceAll('\u0000', '')));
const customer = lenient(z.looseObject({ number: optionalText, name: optionalText }));
const jsonObject = lenient(z.record(z.string(), z.unknown()));

const call = z
  .looseObject({
    id: plainText('is required').min(1, 'is required').max(200, 'must be at most 200 characters'),
    type: optionalText,
    customer,
    assistantOverrides: lenient(z.looseObject({ metadata: jsonObject })),
    metadata: jsonObject,
  })
  .nullish();

/**
 * One tool call as the document gives it (ToolCall: `id`, `function: { name, arguments }`, the
 * arguments typed as a JSON string, though Vapi sends an object); the docs' example spells it
 * `{ id, name, parameters }`, read too.
 */
const toolCall = z
  .looseObject({
    id: plainText('is required').min(1, 'is required').max(200, 'must be at most 200 characters'),
    function: lenient(z.looseObject({ name: optionalText, arguments: z.unknown().optional() })),
    name: optionalText,
    parameters: z.unknown().optional(),
  })
  .transform(({ id, function: fn, name, parameters }) => ({ id, name: fn?.name ?? name ?? '', arguments: fn?.arguments ?? parameters }));

/** The chat a tool call comes from, in a text chat (ServerMessageToolCalls carries `chat` instead of `call`). */
const chat = lenient(z.looseObject({ id: optionalText, sessionId: optionalText }));

const toolCallsSchema = z.looseObject({
  type: z.literal('tool-calls'),
  call,
  chat,
  customer,
  toolCallList: z.array(toolCall, 'is required').max(20, 'must hold at most 20 tool calls'),
});

const transferDestinationRequestSchema = z.looseObject({ type: z.literal('transfer-destination-request'), call, customer });
const assistantRequestSchema = z.looseObject({ type: z.literal('assistant-request'), call, customer });

export type ToolCallsMessage = z.output<typeof toolCallsSchema>;
export type ToolCall = ToolCallsMessage['toolCallList'][number];
export type TransferDestinationRequest = z.output<typeof transferDestinationRequestSchema>;
export type AssistantRequest = z.output<typeof assistantRequestSchema>;
export type ServerRequest = ToolCallsMessage | TransferDestinationRequest | AssistantRequest;

const SCHEMAS = {
  'tool-calls': toolCallsSchema,
  'transfer-destination-request': transferDestinationRequestSchema,
  'assistant-request': assistantRequestSchema,
} as const;

export type ServerRequestType = keyof typeof SCHEMAS;

/** The message types Vapi waits on for our answer (the others are reports: see vapi-message.ts). */
export function isServerRequestType(type: string): type is ServerRequestType {
  return Object.hasOwn(SCHEMAS, type);
}

/** Validates a server request; errors name the field from the body's root (`message.toolCallList.0.id`). */
export function parseServerRequest(message: { type: ServerRequestType }): { ok: true; value: ServerRequest } | { ok: false; errors: FieldError[] } {
  const parsed = SCHEMAS[message.type].safeParse(message);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: fieldErrorsFromZod(parsed.error).map((error) => ({ ...error, field: `message.${error.field}` })) };
}

/**
 * What a request tells of its call: its id, the caller's number and, for our outbound calls, the
 * lead it was placed for. A tool call in a text chat has no call: its chat's session instead.
 */
export interface CallOfRequest {
  vapiCallId: string | null;
  /** The Vapi session of the chat a tool call came from (no call then). */
  vapiSessionId?: string | null;
  /** inboundPhoneCall, outboundPhoneCall or webCall. */
  type: string | null;
  customerNumber: string | null;
  leadId: string | null;
}

export function callOfRequest(request: ServerRequest): CallOfRequest {
  const vapiCall = request.call as VapiCall | null | undefined;
  return {
    vapiCallId: vapiCall?.id ?? null,
    type: vapiCall?.type ?? null,
    customerNumber: vapiCall?.customer?.number ?? request.customer?.number ?? null,
    leadId: (vapiCall && leadIdOf(vapiCall)) ?? null,
    vapiSessionId: (request.type === 'tool-calls' ? request.chat?.sessionId : undefined) ?? null,
  };
}
