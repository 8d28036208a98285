// Writes src/fake-whatsapp/whatsapp-schemas.json: the schemas of Meta's OpenAPI document of the
// WhatsApp Business Platform that the fake Cloud API validates against (the messages Lead Desk
// sends, the answers and errors it gets, the webhook deliveries the fake posts), with every
// schema they use. The document is github.com/facebook/openapi, business-messaging-api_v23.0.yaml
// (MIT). Run by a developer when Meta's document changes (tests read only the committed extract):
//   node packages/test-support/scripts/extract-whatsapp-schemas.mjs path/to/business-messaging-api_v23.0.yaml
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

const here = dirname(fileURLToPath(import.meta.url));
if (!process.argv[2]) throw new Error('Give the path of business-messaging-api_v23.0.yaml (github.com/facebook/openapi)');
const source = resolve(process.argv[2]);
const target = join(here, '../src/fake-whatsapp/whatsapp-schemas.json');

/** The send request by type (text and template: the two Lead Desk sends), its answer, Graph's error body, and the webhook's payload. */
const ROOTS = ['TextMessage', 'TemplateMessage', 'MessageResponsePayload', 'GraphAPIError', 'WebhookPayload'];
/** Annotations that validate nothing (a discriminator only restates its targets' `type` enums). */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'discriminator']);
const PREFIX = '#/components/schemas/';

const document = load(readFileSync(source, 'utf8'));
const all = structuredClone(document.components.schemas);

/**
 * The webhook's schemas (WebhookPayload … SystemMessage, one block of the document) were merged in
 * from a document of their own: names that clashed were given a suffix (TextMessage_2,
 * BaseMessageProperties_1) but their $refs still name the send request's schemas. Inside the block
 * a $ref to a name the block has a suffixed copy of is pointed at that copy.
 */
const names = Object.keys(all);
const block = new Set(names.slice(names.indexOf('WebhookPayload'), names.indexOf('SystemMessage') + 1));
function repoint(schema) {
  if (Array.isArray(schema)) return schema.forEach(repoint);
  if (!schema || typeof schema !== 'object') return;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(PREFIX.length);
    const copy = block.has(name) ? undefined : [...block].find((candidate) => new RegExp(`^${name}_\\d+$`).test(candidate));
    if (copy) schema.$ref = `${PREFIX}${copy}`;
  }
  Object.values(schema).forEach(repoint);
}
for (const name of block) repoint(all[name]);

/**
 * What Meta's messages reference documents that the OpenAPI file leaves out: any message may carry
 * `biz_opaque_callback_data` (up to 512 characters, "included in statuses object within webhook
 * payloads"), and the statuses carry it back.
 */
all.BaseMessageProperties.properties.biz_opaque_callback_data = { type: 'string', maxLength: 512 };
all.Statuses.properties.biz_opaque_callback_data = { type: 'string', maxLength: 512 };

const refName = (ref) => ref.slice(PREFIX.length);

/** A schema without annotations. */
function trimmed(schema) {
  if (Array.isArray(schema)) return schema.map(trimmed);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key)).map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, trimmed(property)])) : trimmed(value)]));
}

/**
 * allOf of object schemas merged into one: the document closes some branches with
 * `additionalProperties: false`, which as an allOf would refuse the other branches' properties.
 * A property named by two branches must satisfy both.
 */
const flattenedByName = new Map();
function flattenedDefinition(name) {
  if (!flattenedByName.has(name)) {
    flattenedByName.set(name, {});
    flattenedByName.set(name, flattened(trimmed(all[name])));
  }
  return flattenedByName.get(name);
}
function flattened(schema) {
  if (Array.isArray(schema)) return schema.map(flattened);
  if (!schema || typeof schema !== 'object') return schema;
  const own = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, flattened(property)])) : flattened(value)]));
  if (!own.allOf) return own;
  const { allOf, ...rest } = own;
  const parts = [...allOf.map((part) => (part.$ref ? flattenedDefinition(refName(part.$ref)) : part)), rest];
  const merged = { type: 'object', properties: {}, required: [] };
  const others = [];
  for (const part of parts) {
    const { type, properties, required, additionalProperties, ...more } = part;
    for (const [name, property] of Object.entries(properties ?? {})) merged.properties[name] = merged.properties[name] ? { allOf: [merged.properties[name], property] } : property;
    merged.required.push(...(required ?? []).filter((name) => !merged.required.includes(name)));
    if (additionalProperties === false) merged.additionalProperties = false;
    if (Object.keys(more).length > 0) others.push(more);
  }
  if (merged.required.length === 0) delete merged.required;
  return others.length > 0 ? { ...merged, allOf: others } : merged;
}

/** A base whose discriminator maps to schemas that extend it (allOf) is validated as one of them. */
function polymorphicTargets(name) {
  const mapping = all[name]?.discriminator?.mapping;
  if (!mapping) return null;
  const targets = Object.values(mapping).map(refName);
  return targets.every((target) => (all[target]?.allOf ?? []).some((part) => part.$ref === `${PREFIX}${name}`)) ? targets : null;
}

/** Every schema the roots use. */
const used = new Set();
function collect(name) {
  if (used.has(name)) return;
  if (!all[name]) throw new Error(`No schema ${name} in ${source}`);
  used.add(name);
  for (const target of polymorphicTargets(name) ?? []) collect(target);
  JSON.stringify(all[name], (key, value) => {
    if (key === '$ref') collect(refName(value));
    return value;
  });
}
ROOTS.forEach(collect);

const schemas = {};
for (const name of [...used].sort()) {
  const targets = polymorphicTargets(name);
  schemas[name] = targets ? { oneOf: targets.map((target) => ({ $ref: `${PREFIX}${target}` })) } : flattenedDefinition(name);
}
writeFileSync(target, `${JSON.stringify({ source: 'github.com/facebook/openapi business-messaging-api_v23.0.yaml', roots: ROOTS, schemas }, null, 2)}\n`);
console.log(`Wrote ${Object.keys(schemas).length} schemas (${ROOTS.join(', ')}) to ${target}`);
