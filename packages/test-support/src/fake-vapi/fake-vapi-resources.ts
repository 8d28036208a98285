import { randomUUID } from 'node:crypto';
import { vapiSchemaErrors, type VapiSchemaName } from './vapi-schema-validator';

/** A JSON answer: status and body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

type Resource = Record<string, unknown> & { id: string; name?: string };

interface ResourceKind {
  create: VapiSchemaName;
  update: VapiSchemaName;
  answer: VapiSchemaName;
  /** Fields the platform adds to every stored object besides id, orgId and times. */
  extra?: Record<string, unknown>;
}

const ORG_ID = 'fake-org';

// Vapi's credential routes (GET/POST /credential, PATCH /credential/{id}) are not in its
// published OpenAPI document; their bodies and answers are the document's *CustomCredential* schemas.
const KINDS = {
  assistant: { create: 'CreateAssistantDTO', update: 'UpdateAssistantDTO', answer: 'Assistant' },
  'structured-output': { create: 'CreateStructuredOutputDTO', update: 'UpdateStructuredOutputDTO', answer: 'StructuredOutput' },
  credential: { create: 'CreateCustomCredentialDTO', update: 'UpdateCustomCredentialDTO', answer: 'CustomCredential', extra: { authenticationSession: {} } },
} satisfies Record<string, ResourceKind>;

export type FakeResourceKind = keyof typeof KINDS;

/**
 * The assistants, structured outputs and credentials of the fake's one organisation, kept in
 * memory. A body that does not fit the OpenAPI document's request schema is refused with 400 as
 * Vapi refuses it; every answer is checked against the document's answer schema too, so the fake
 * itself cannot drift from it.
 */
export class FakeVapiResources {
  private readonly stored: Record<FakeResourceKind, Map<string, Resource>> = {
    assistant: new Map(),
    'structured-output': new Map(),
    credential: new Map(),
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

  list(kind: FakeResourceKind, query: URLSearchParams): FakeAnswer {
    const name = query.get('name');
    const limit = Number(query.get('limit') ?? 100);
    const items = this.all(kind).filter((item) => name === null || item.name === name).slice(0, limit);
    if (kind !== 'structured-output') return this.answer(kind, 200, items);
    const page = { results: items, metadata: { itemsPerPage: limit, totalItems: items.length, currentPage: 1 } };
    return checked('StructuredOutputPaginatedResponse', 200, page);
  }

  create(kind: FakeResourceKind, body: unknown): FakeAnswer {
    const errors = vapiSchemaErrors(KINDS[kind].create, body);
    if (errors.length > 0) return badRequest(errors);
    const now = new Date().toISOString();
    const created: Resource = { ...(KINDS[kind] as ResourceKind).extra, ...(body as object), id: randomUUID(), orgId: ORG_ID, createdAt: now, updatedAt: now };
    this.stored[kind].set(created.id, created);
    return this.answer(kind, 201, created);
  }

  update(kind: FakeResourceKind, id: string, body: unknown, query: URLSearchParams): FakeAnswer {
    // PATCH /structured-output/{id} declares its `schemaOverride` query parameter required.
    if (kind === 'structured-output' && !query.has('schemaOverride')) return badRequest(['schemaOverride must be a string']);
    const errors = vapiSchemaErrors(KINDS[kind].update, body);
    if (errors.length > 0) return badRequest(errors);
    const current = this.stored[kind].get(id);
    if (!current) return { status: 404, body: { statusCode: 404, message: `Couldn't Find ${kind}`, error: 'Not Found' } };
    const updated = { ...current, ...(body as object), updatedAt: new Date().toISOString() };
    this.stored[kind].set(id, updated);
    return this.answer(kind, 200, updated);
  }

  private answer(kind: FakeResourceKind, status: number, body: Resource | Resource[]): FakeAnswer {
    for (const item of Array.isArray(body) ? body : [body]) checked(KINDS[kind].answer, status, item);
    return { status, body };
  }
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
