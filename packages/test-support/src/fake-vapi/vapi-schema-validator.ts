import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The schemas of Vapi's OpenAPI document the fake checks against (see scripts/extract-vapi-schemas.mjs). */
export type VapiSchemaName =
  | 'CreateCallDTO'
  | 'DeleteCallDTO'
  | 'Call'
  | 'CreateAssistantDTO'
  | 'UpdateAssistantDTO'
  | 'Assistant'
  | 'CreateStructuredOutputDTO'
  | 'UpdateStructuredOutputDTO'
  | 'StructuredOutput'
  | 'StructuredOutputPaginatedResponse'
  | 'CreateCustomCredentialDTO'
  | 'UpdateCustomCredentialDTO'
  | 'CustomCredential'
  | 'CreateFunctionToolDTO'
  | 'UpdateFunctionToolDTO'
  | 'FunctionTool'
  | 'CreateTransferCallToolDTO'
  | 'UpdateTransferCallToolDTO'
  | 'TransferCallTool'
  | 'VapiPhoneNumber'
  | 'UpdateVapiPhoneNumberDTO'
  | 'TwilioPhoneNumber'
  | 'UpdateTwilioPhoneNumberDTO'
  | 'ServerMessageToolCalls'
  | 'ServerMessageResponseToolCalls'
  | 'ServerMessageTransferDestinationRequest'
  | 'ServerMessageResponseTransferDestinationRequest'
  | 'ServerMessageAssistantRequest'
  | 'ServerMessageResponseAssistantRequest'
  | 'CreateSessionDTO'
  | 'UpdateSessionDTO'
  | 'Session'
  | 'CreateChatDTO'
  | 'Chat'
  | 'CreateChatStreamResponse'
  | 'CreateWebChatDTO'
  | 'WebChat'
  | 'ServerMessageSessionUpdated';

const SCHEMA_PREFIX = '#/components/schemas/';

let ajv: Ajv | undefined;
const validators = new Map<VapiSchemaName, ValidateFunction>();

/**
 * Compiles every schema the fake checks (about 3 s, once per process), so the first request
 * a test times is not the one that pays for it.
 */
export function compileVapiSchemas(): void {
  const { roots } = readExtract();
  for (const root of roots) validatorFor(root);
}

function readExtract(): { roots: VapiSchemaName[]; schemas: Record<string, object> } {
  return JSON.parse(readFileSync(join(__dirname, 'vapi-schemas.json'), 'utf8'));
}

function validatorFor(name: VapiSchemaName): ValidateFunction {
  let validate = validators.get(name);
  if (validate) return validate;
  if (!ajv) {
    const extract = readExtract();
    // The document is OpenAPI 3.0, not strict JSON Schema (keywords without a type, `nullable`).
    // Its schemas share hundreds of others: referenced, not inlined, they compile in a fraction of the time.
    ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false });
    addFormats(ajv);
    for (const [schemaName, schema] of Object.entries(extract.schemas)) ajv.addSchema(schema, `${SCHEMA_PREFIX}${schemaName}`);
  }
  validate = ajv.getSchema(`${SCHEMA_PREFIX}${name}`);
  if (!validate) throw new Error(`No schema ${name} in vapi-schemas.json: add it to the extract script's roots`);
  validators.set(name, validate);
  return validate;
}

/** Where `value` does not fit Vapi's schema, one line each ("customer.number must be string"); empty when it fits. */
export function vapiSchemaErrors(name: VapiSchemaName, value: unknown): string[] {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => {
    const path = error.instancePath.slice(1).replaceAll('/', '.');
    const property = error.keyword === 'additionalProperties' ? `property ${String(error.params.additionalProperty)} should not exist` : error.message;
    return path ? `${path}: ${property}` : String(property);
  });
}
