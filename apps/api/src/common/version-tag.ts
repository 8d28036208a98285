import { InvalidFieldsException } from './field-errors';

/** A versioned record's ETag: its version, quoted (a strong validator: the version changes with every write). */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/**
 * The version an If-Match header names: undefined when absent or `*` (any version).
 * A weak tag (W/"3") is read as its version; anything else is the client's mistake,
 * told as "must be the ETag of the <record>".
 */
export function versionFromIfMatch(header: string | undefined, record: string): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header) ?? /^\s*(\d{1,9})\s*$/.exec(header);
  if (!match) throw new InvalidFieldsException([{ field: 'If-Match', message: `must be the ETag of the ${record}, e.g. "3"` }]);
  return Number(match[1]);
}
