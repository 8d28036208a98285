/**
 * A tool call's arguments as an object: Vapi sends them as an object, its document types them
 * as a JSON string, and older payloads carried the string. None at all is no argument; anything
 * else (a JSON array, text that is not JSON) is refused with the reason the model is told.
 */
export function toolArguments(raw: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: {} };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { ok: false, error: 'The arguments are not valid JSON.' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'The arguments must be an object of named values.' };
  return { ok: true, value: value as Record<string, unknown> };
}
