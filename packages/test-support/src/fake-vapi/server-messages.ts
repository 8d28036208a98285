import { vapiHmacHeaders, type VapiHmacPlan } from './sign-webhook';
import { vapiSchemaErrors, type VapiSchemaName } from './vapi-schema-validator';

/** Where the platform posts a server message, and the credential it sends with it (a server's secret, or a credential's HMAC plan). */
export interface FakeServerUrl {
  url: string;
  secret?: string;
  hmac?: VapiHmacPlan;
}

/** The call a message is about, as Vapi's Call object carries it. */
export interface FakeCallContext {
  id: string;
  type?: 'inboundPhoneCall' | 'outboundPhoneCall' | 'webCall';
  /** The caller's number (call.customer.number and the message's customer). */
  customerNumber?: string;
  /** What an outbound call was created with in assistantOverrides.metadata (Vapi echoes it). */
  metadata?: Record<string, unknown>;
  /** The inbound number called: an assistant request is about it. */
  phoneNumberId?: string;
}

/** The text chat a message is about (ServerMessageToolCalls carries `chat` instead of `call` then). */
export interface FakeChatContext {
  /** The chat's id: one message of the visitor and its answer. */
  id: string;
  sessionId: string;
}

/** One function call the model made. */
export interface FakeToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /**
   * How `function.arguments` travels: the document types it as a JSON string, Vapi sends an
   * object. The message is validated with the string, then sent as asked.
   */
  argumentsAs?: 'json' | 'object';
}

/** What the server answered: its status and JSON body, the body checked against the document's answer schema when 200. */
export interface ServerAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

const ORG_ID = 'fake-org';

/** The Call object of a message, in the document's shape. */
function callObject(call: FakeCallContext): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: call.id,
    orgId: ORG_ID,
    type: call.type ?? 'inboundPhoneCall',
    status: 'in-progress',
    createdAt: now,
    updatedAt: now,
    ...(call.phoneNumberId ? { phoneNumberId: call.phoneNumberId } : {}),
    ...(call.customerNumber ? { customer: { number: call.customerNumber } } : {}),
    ...(call.metadata ? { assistantOverrides: { metadata: call.metadata } } : {}),
  };
}

/** The Chat object of a message, in the document's shape. */
function chatObject(chat: FakeChatContext): Record<string, unknown> {
  const now = new Date().toISOString();
  return { id: chat.id, orgId: ORG_ID, sessionId: chat.sessionId, createdAt: now, updatedAt: now };
}

function envelope(type: string, call: FakeCallContext): Record<string, unknown> {
  return {
    type,
    timestamp: Date.now(),
    call: callObject(call),
    ...(call.customerNumber ? { customer: { number: call.customerNumber } } : {}),
    phoneNumber: { provider: 'twilio', number: '+918045678900', twilioAccountSid: 'AC0123456789abcdef0123456789abcdef', name: 'Lead Desk Pune' },
  };
}

/**
 * A `tool-calls` message (ServerMessageToolCalls): each call in toolCallList and, with its tool,
 * in toolWithToolCallList; about a call, or about a text chat (`chat` instead of `call`).
 */
export function toolCallsMessage(about: FakeCallContext | { chat: FakeChatContext }, toolCalls: FakeToolCall[]): { checked: Record<string, unknown>; sent: Record<string, unknown> } {
  const build = (asSent: boolean) => {
    const list = toolCalls.map((toolCall) => ({
      id: toolCall.id,
      type: 'function',
      function: { name: toolCall.name, arguments: asSent && toolCall.argumentsAs === 'object' ? toolCall.arguments : JSON.stringify(toolCall.arguments) },
    }));
    return {
      ...('chat' in about ? { type: 'tool-calls', timestamp: Date.now(), chat: chatObject(about.chat) } : envelope('tool-calls', about)),
      toolWithToolCallList: list.map((toolCall) => ({ type: 'function', function: { name: toolCall.function.name }, toolCall })),
      toolCallList: list,
    };
  };
  return { checked: build(false), sent: build(true) };
}

export function transferDestinationRequestMessage(call: FakeCallContext): Record<string, unknown> {
  return envelope('transfer-destination-request', call);
}

export function assistantRequestMessage(call: FakeCallContext): Record<string, unknown> {
  return envelope('assistant-request', { ...call, type: call.type ?? 'inboundPhoneCall' });
}

/**
 * Posts a message to a server URL as Vapi does (`{ message }`, with the credential's headers),
 * after checking the message against the document's schema (the fake refuses to send what Vapi
 * would not); a 200 answer must fit the document's answer schema too.
 */
export async function postServerMessage(
  server: FakeServerUrl,
  message: { checked: Record<string, unknown>; sent: Record<string, unknown> },
  schemas: { message: VapiSchemaName; answer?: VapiSchemaName },
  extraHeaders: Record<string, string> = {},
): Promise<ServerAnswer> {
  const drift = vapiSchemaErrors(schemas.message, message.checked);
  if (drift.length > 0) throw new Error(`The fake's ${schemas.message} does not fit Vapi's schema: ${drift.join('; ')}`);
  const body = JSON.stringify({ message: message.sent });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(server.secret ? { 'X-Vapi-Secret': server.secret } : {}),
    ...(server.hmac ? vapiHmacHeaders(body, server.hmac, { url: server.url }) : {}),
    ...extraHeaders,
  };
  const response = await fetch(server.url, { method: 'POST', headers, body });
  const text = await response.text();
  const answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (response.status === 200 && schemas.answer) {
    const errors = vapiSchemaErrors(schemas.answer, answer);
    if (errors.length > 0) throw new Error(`The server's answer does not fit Vapi's ${schemas.answer}: ${errors.join('; ')} (${text})`);
  }
  return { status: response.status, body: answer };
}
