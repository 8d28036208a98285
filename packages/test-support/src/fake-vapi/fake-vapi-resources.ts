import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { vapiSchemaErrors, type VapiSchemaName } from './vapi-schema-validator';

/** A JSON answer: status and body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

type Resource = Record<string, unknown> & { id: string; name?: string };

/** A schema name, or the one that fits a body (a tool by its `type`, a phone number by its `provider`). */
type SchemaFor = VapiSchemaName | ((body: Record<string, unknown>) => VapiSchemaName | undefined);

interface ResourceKind {
  create?: SchemaFor;
  update: SchemaFor;
  answer: SchemaFor;
  /** Fields the platform adds to every stored object besides id, orgId and times. */
  extra?: Record<string, unknown>;
}

const ORG_ID = 'fake-org';

// The fake knows the two kinds of tool the agent uses, and numbers bought on Vapi or Twilio.
const TOOL_SCHEMAS: Record<string, { create: VapiSchemaName; update: VapiSchemaName; answer: VapiSchemaName }> = {
  function: { create: 'CreateFunctionToolDTO', update: 'UpdateFunctionToolDTO', answer: 'FunctionTool' },
  transferCall: { create: 'CreateTransferCallToolDTO', update: 'UpdateTransferCallToolDTO', answer: 'TransferCallTool' },
};
const PHONE_NUMBER_SCHEMAS: Record<string, { update: VapiSchemaName; answer: VapiSchemaName }> = {
  vapi: { update: 'UpdateVapiPhoneNumberDTO', answer: 'VapiPhoneNumber' },
  twilio: { update: 'UpdateTwilioPhoneNumberDTO', answer: 'TwilioPhoneNumber' },
};
/** What gives a number a fixed assistant: while one is set, Vapi never asks the server which assistant answers. */
const FIXED_ASSISTANT_FIELDS = ['assistantId', 'squadId', 'workflowId'] as const;
const toolSchema = (step: 'create' | 'update' | 'answer') => (body: Record<string, unknown>) => TOOL_SCHEMAS[String(body.type)]?.[step];
const phoneNumberSchema = (step: 'update' | 'answer') => (body: Record<string, unknown>) => PHONE_NUMBER_SCHEMAS[String(body.provider)]?.[step];

// Vapi's credential routes (GET/POST /credential, PATCH /credential/{id}) are not in its
// published OpenAPI document; their bodies and answers are the document's *CustomCredential* schemas.
const KINDS = {
  assistant: { create: 'CreateAssistantDTO', update: 'UpdateAssistantDTO', answer: 'Assistant' },
  'structured-output': { create: 'CreateStructuredOutputDTO', update: 'UpdateStructuredOutputDTO', answer: 'StructuredOutput' },
  credential: { create: 'CreateCustomCredentialDTO', update: 'UpdateCustomCredentialDTO', answer: 'CustomCredential', extra: { authenticationSession: {} } },
  tool: { create: toolSchema('create'), update: toolSchema('update'), answer: toolSchema('answer') },
  // Numbers are bought, not created through the API here: a test adds them (addPhoneNumber).
  'phone-number': { update: phoneNumberSchema('update'), answer: phoneNumberSchema('answer') },
} satisfies Record<string, ResourceKind>;

export type FakeResourceKind = keyof typeof KINDS;

/**
 * The assistants, structured outputs, credentials, tools and phone numbers of the fake's one
 * organisation, kept in memory. A body that does not fit the OpenAPI document's request schema
 * is refused with 400 as Vapi refuses it; every answer is checked against the document's answer
 * schema too, so the fake itself cannot drift from it.
 */
export class FakeVapiResources {
  private readonly stored: Record<FakeResourceKind, Map<string, Resource>> = {
    assistant: new Map(),
    'structured-output': new Map(),
    credential: new Map(),
    tool: new Map(),
    'phone-number': new Map(),
  };

  static isKind(kind: string): kind is FakeResourceKind {
    return kind in KINDS;
  }

  all(kind: FakeResourceKind): Resource[] {
    return [...this.stored[kind].values()];
  }

  /** Changes a stored object as someone in Vapi's dashboard would. */
  edit(kind: FakeResourceKind, id: string, changes: Record<string, unknown>): void {
    const current = this.stored[kind].get(id);
    if (!current) throw new Error(`The fake has no ${kind} ${id}`);
    this.stored[kind].set(id, { ...current, ...changes, updatedAt: new Date().toISOString() });
  }

  /** A number the organisation bought (Vapi has no route that makes one here): `provider` vapi or twilio. */
  addPhoneNumber(number: { id: string; provider: 'vapi' | 'twilio'; number: string } & Record<string, unknown>): void {
    const now = new Date().toISOString();
    const stored: Resource = { ...(number.provider === 'twilio' ? { twilioAccountSid: 'AC0123456789abcdef0123456789abcdef' } : {}), ...number, orgId: ORG_ID, createdAt: now, updatedAt: now };
    checked(schemaOf(KINDS['phone-number'].answer, stored)!, 200, stored);
    this.stored['phone-number'].set(number.id, stored);
  }

  list(kind: FakeResourceKind, query: URLSearchParams): FakeAnswer {
    const name = query.get('name');
    const limit = Number(query.get('limit') ?? 100);
    const items = this.all(kind).filter((item) => name === null || item.name === name).slice(0, limit);
    if (kind !== 'structured-output') return this.answer(kind, 200, items);
    const page = { results: items, metadata: { itemsPerPage: limit, totalItems: items.length, currentPage: 1 } };
    return checked('StructuredOutputPaginatedResponse', 200, page);
  }

  get(kind: FakeResourceKind, id: string): FakeAnswer {
    const current = this.stored[kind].get(id);
    if (!current) return notFound(kind);
    return this.answer(kind, 200, current);
  }

  create(kind: FakeResourceKind, body: unknown): FakeAnswer {
    const schema = 'create' in KINDS[kind] ? schemaOf((KINDS[kind] as ResourceKind).create!, body) : undefined;
    if (!schema) return badRequest([`The fake cannot create this ${kind}`]);
    const errors = vapiSchemaErrors(schema, body);
    if (errors.length > 0) return badRequest(errors);
    const now = new Date().toISOString();
    const created: Resource = { ...(KINDS[kind] as ResourceKind).extra, ...(body as object), id: randomUUID(), orgId: ORG_ID, createdAt: now, updatedAt: now };
    this.stored[kind].set(created.id, created);
    return this.answer(kind, 201, created);
  }

  update(kind: FakeResourceKind, id: string, body: unknown, query: URLSearchParams): FakeAnswer {
    // PATCH /structured-output/{id} declares its `schemaOverride` query parameter required.
    if (kind === 'structured-output' && !query.has('schemaOverride')) return badRequest(['schemaOverride must be a string']);
    const current = this.stored[kind].get(id);
    // A number's update is read by its provider, a tool's by its type: the stored one when the body names none.
    const schema = schemaOf(KINDS[kind].update, { type: current?.type, provider: current?.provider, ...(body as object) });
    if (!schema) return badRequest([`The fake cannot update this ${kind}`]);
    // The document types a number's assistantId, squadId and workflowId as text; Vapi's dashboard clears them with null, as the API takes it.
    const cleared = kind === 'phone-number' ? FIXED_ASSISTANT_FIELDS.filter((field) => (body as Record<string, unknown> | null)?.[field] === null) : [];
    const checkedBody = Object.fromEntries(Object.entries((body ?? {}) as object).filter(([field]) => !cleared.includes(field as never)));
    const errors = vapiSchemaErrors(schema, body === null || typeof body !== 'object' ? body : checkedBody);
    if (errors.length > 0) return badRequest(errors);
    if (!current) return notFound(kind);
    const updated: Resource = { ...current, ...(body as object), updatedAt: new Date().toISOString() };
    for (const field of cleared) delete updated[field];
    this.stored[kind].set(id, updated);
    return this.answer(kind, 200, updated);
  }

  private answer(kind: FakeResourceKind, status: number, body: Resource | Resource[]): FakeAnswer {
    for (const item of Array.isArray(body) ? body : [body]) {
      const schema = schemaOf(KINDS[kind].answer, item);
      if (!schema) throw new Error(`The fake has no answer schema for this ${kind}: ${JSON.stringify(item)}`);
      checked(schema, status, item);
    }
    return { status, body };
  }
}

function schemaOf(schema: SchemaFor, body: unknown): VapiSchemaName | undefined {
  if (typeof schema === 'string') return schema;
  return typeof body === 'object' && body !== null ? schema(body as Record<string, unknown>) : undefined;
}

function notFound(kind: FakeResourceKind): FakeAnswer {
  return { status: 404, body: { statusCode: 404, message: `Couldn't Find ${kind}`, error: 'Not Found' } };
}

function checked(schema: VapiSchemaName, status: number, body: unknown): FakeAnswer {
  const errors = vapiSchemaErrors(schema, body);
  if (errors.length > 0) throw new Error(`The fake's own ${schema} answer does not fit Vapi's schema: ${errors.join('; ')}`);
  return { status, body };
}

/** Vapi's validation answer: every problem, one line each. */
export function badRequest(messages: string[]): FakeAnswer {
  return { status: 400, body: { message: messages, error: 'Bad Request', statusCode: 400 } };
}

export function sendJson(response: ServerResponse, { status, body }: FakeAnswer): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
