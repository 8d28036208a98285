import { carriesLeadFields, fieldNamed } from './reported-lead-fields';

/** One structured output of a call: Vapi's `artifact.structuredOutputs[id]`. */
export interface StructuredOutput {
  id: string;
  name: string;
  result: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The outputs of `artifact.structuredOutputs` (keyed by the output's id, each `{ name, result }`), skipping malformed entries. */
export function structuredOutputsOf(outputs: Record<string, unknown> | undefined): StructuredOutput[] {
  return Object.entries(outputs ?? {}).flatMap(([id, output]) =>
    isObject(output) && typeof output.name === 'string' && 'result' in output ? [{ id, name: output.name, result: output.result }] : [],
  );
}

/**
 * The lead data the outputs carry, most specific first: outputs named after a single field
 * (`email`, `qualified`), then object results that carry lead fields, whatever the output is
 * called.
 */
export function leadDataOf(outputs: StructuredOutput[]): Record<string, unknown>[] {
  const singleFields = outputs.flatMap(({ name, result }) => {
    const field = fieldNamed(name);
    return field ? [{ [field]: result }] : [];
  });
  const objects = outputs.flatMap(({ result }) => (isObject(result) && carriesLeadFields(result) ? [result] : []));
  return [...singleFields, ...objects];
}

/** What the call record keeps: every output's result by its name (the first, when two share one). */
export function resultsByName(outputs: StructuredOutput[]): Record<string, unknown> | null {
  if (outputs.length === 0) return null;
  const results: Record<string, unknown> = {};
  for (const { name, result } of outputs) if (!(name in results)) results[name] = result;
  return results;
}
