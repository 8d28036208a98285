// Writes src/fake-vapi/vapi-schemas.json: the schemas of Vapi's OpenAPI document that the
// fake voice platform validates requests and answers against, with every schema they use.
// Run by a developer when Vapi's document changes (tests read only the committed extract):
//   node packages/test-support/scripts/extract-vapi-schemas.mjs [path/to/vapi-openapi.json]
// Default: ../shared/reference/vapi-openapi.json beside the repository.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../../shared/reference/vapi-openapi.json'));
const target = join(here, '../src/fake-vapi/vapi-schemas.json');

/** What the fake checks: the bodies Lead Desk sends, the answers the fake gives, and the messages it sends and their answers. */
const ROOTS = [
  'CreateCallDTO',
  'DeleteCallDTO',
  'Call',
  'CreateAssistantDTO',
  'UpdateAssistantDTO',
  'Assistant',
  'CreateStructuredOutputDTO',
  'UpdateStructuredOutputDTO',
  'StructuredOutput',
  'StructuredOutputPaginatedResponse',
  'CreateCustomCredentialDTO',
  'UpdateCustomCredentialDTO',
  'CustomCredential',
  // The agent's tools and the inbound number (pnpm vapi:setup).
  'CreateFunctionToolDTO',
  'UpdateFunctionToolDTO',
  'FunctionTool',
  'CreateTransferCallToolDTO',
  'UpdateTransferCallToolDTO',
  'TransferCallTool',
  'VapiPhoneNumber',
  'UpdateVapiPhoneNumberDTO',
  'TwilioPhoneNumber',
  'UpdateTwilioPhoneNumberDTO',
  // The messages Vapi waits on for an answer during a call, and the answers.
  'ServerMessageToolCalls',
  'ServerMessageResponseToolCalls',
  'ServerMessageTransferDestinationRequest',
  'ServerMessageResponseTransferDestinationRequest',
  'ServerMessageAssistantRequest',
  'ServerMessageResponseAssistantRequest',
  // Text chat with the same assistant (issue 25): sessions, chats through the private key
  // (POST /chat) and the public key (POST /chat/web, as Vapi's React widget calls it), their
  // streamed chunks, and the session's lifecycle messages.
  'CreateSessionDTO',
  'UpdateSessionDTO',
  'Session',
  'CreateChatDTO',
  'Chat',
  'CreateChatStreamResponse',
  'CreateWebChatDTO',
  'WebChat',
  'ServerMessageSessionUpdated',
];
/** Annotations that validate nothing; `discriminator` only restates the oneOf branches' `type` enums. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'discriminator']);

const document = JSON.parse(readFileSync(source, 'utf8'));
const all = document.components.schemas;

/**
 * A schema without annotations, in the JSON Schema the validator reads. Vapi's API refuses properties its DTOs do not declare
 * ("property x should not exist"), so an object schema that lists its properties gets
 * `additionalProperties: false` (not one composed with allOf/oneOf/anyOf, whose branches say it).
 */
function trimmed(schema) {
  if (Array.isArray(schema)) return schema.map(trimmed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const result = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    // Keys of `properties` are property names (a property may be called "description"), not keywords.
    if (key === 'properties') result[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, trimmed(property)]));
    // The document repeats some enum values (voice ids), which JSON Schema forbids; the set is the same.
    else if (key === 'enum' && value.length > 0) result[key] = [...new Map(value.map((item) => [JSON.stringify(item), item])).values()];
    // A pattern written as a regular expression literal ("/^[a-z]+$/", OpenAIFunction.name) is the expression between the slashes.
    else if (key === 'pattern' && typeof value === 'string' && /^\/.+\/$/.test(value)) result[key] = value.slice(1, -1);
    // An empty enum (a provider with no preset voices yet) admits nothing, which JSON Schema says as `not: {}`.
    else if (key === 'enum') result.not = {};
    // NestJS writes a TypeScript union as oneOf, and its validator accepts a value that fits any
    // member: a preset voice id fits both "preset" and "any id", which oneOf would refuse.
    else if (key === 'oneOf') result.anyOf = trimmed(value);
    else result[key] = trimmed(value);
  }
  // NestJS repeats an array's item enum on the array itself, where it would refuse every array.
  if (result.type === 'array' && result.enum && result.items) delete result.enum;
  const composed = ['allOf', 'oneOf', 'anyOf'].some((key) => key in result);
  if (result.properties && !('additionalProperties' in result) && !composed) result.additionalProperties = false;
  return result;
}

const needed = new Set();
const visit = (node) => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (typeof node !== 'object' || node === null) return;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    if (!needed.has(name)) {
      needed.add(name);
      visit(all[name]);
    }
  }
  Object.values(node).forEach(visit);
};
for (const root of ROOTS) {
  needed.add(root);
  visit(all[root]);
}

const schemas = Object.fromEntries([...needed].sort().map((name) => [name, trimmed(all[name])]));
const extract = { source: 'Vapi OpenAPI document (VapiAI/docs fern/apis/api/openapi.json), components.schemas', roots: ROOTS, schemas };
writeFileSync(target, `${JSON.stringify(extract, null, 1)}\n`);
console.log(`Wrote ${Object.keys(schemas).length} schemas to ${target}`);
