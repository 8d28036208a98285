import { bookSiteVisitArguments, searchPropertiesArguments } from '@lead-desk/contracts';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import { BOOK_SITE_VISIT, SEARCH_PROPERTIES } from '../server-requests/tool-calls/tool-names';

/** The keywords of Vapi's JsonSchema (a tool parameter's schema): anything else a JSON Schema says is left out. */
const JSON_SCHEMA_KEYS = ['type', 'description', 'enum', 'format', 'pattern', 'title', 'items', 'properties', 'required'] as const;

type JsonSchemaNode = Record<string, unknown>;

/** A zod schema's input as Vapi's JsonSchema: the keywords it knows, nested properties and items too. */
function vapiJsonSchema(node: JsonSchemaNode): JsonSchemaNode {
  const kept: JsonSchemaNode = {};
  for (const key of JSON_SCHEMA_KEYS) {
    const value = node[key];
    if (value === undefined) continue;
    if (key === 'properties') kept.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchemaNode>).map(([name, child]) => [name, vapiJsonSchema(child)]));
    else if (key === 'items') kept.items = vapiJsonSchema(value as JsonSchemaNode);
    else kept[key] = value;
  }
  return kept;
}

/** A tool's parameters from the zod schema the API reads its arguments with: the two never disagree. */
export function toolParameters(schema: z.ZodType): Vapi.OpenAiFunctionParameters {
  const { properties = {}, required } = vapiJsonSchema(z.toJSONSchema(schema, { io: 'input' }) as JsonSchemaNode) as { properties?: Record<string, Vapi.JsonSchema>; required?: string[] };
  return { type: 'object', properties, ...(required && required.length > 0 ? { required } : {}) };
}

/** Where a tool's calls go: the webhook, with the credential every other message is signed with. */
export interface ToolServer {
  url: string;
  credentialId: string;
}

/** The agent's function tools, each answered by the webhook during the call (voice/server-requests). */
export function functionTools(server: ToolServer): Vapi.CreateToolsRequest.Function[] {
  return [
    {
      type: 'function',
      function: {
        name: SEARCH_PROPERTIES,
        description:
          'Find the few best available properties for what the caller wants: city, locality, type, budget (rupees, or words such as "80 Lakh" or "1.2 Cr") and bedrooms, all optional. ' +
          'Read the answer aloud; each property has an id to book a site visit with.',
        parameters: toolParameters(searchPropertiesArguments),
      },
      messages: [{ type: 'request-start', content: 'Let me check what we have for you.' }],
      server,
    },
    {
      type: 'function',
      function: {
        name: BOOK_SITE_VISIT,
        description:
          'Book a site visit to a property at the time the caller prefers, with their adviser. The answer is the booked time, or two alternative times to offer; book again with the one the caller picks.',
        parameters: toolParameters(bookSiteVisitArguments),
      },
      messages: [{ type: 'request-start', content: 'One moment while I check the diary.' }],
      server,
    },
  ];
}

/** What the transfer tool says as it starts: also how setup recognises the tool (a transfer tool has no name). */
export const TRANSFER_START_MESSAGE = 'Let me find an adviser who can speak with you. One moment, please.';

/**
 * The transfer to a person, without a destination: Vapi asks the webhook for one at the time
 * (transfer-destination-request), which answers with the lead owner's or an available agent's number.
 */
export function transferTool(): Vapi.CreateToolsRequest.TransferCall {
  return { type: 'transferCall', destinations: [], messages: [{ type: 'request-start', content: TRANSFER_START_MESSAGE }] };
}
