/** A parameter as Prisma's SQLite adapter stores it: booleans 1/0 (better-sqlite3 binds none), times ISO text with +00:00. */
export function sqliteParameter(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}
