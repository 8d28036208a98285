/**
 * Whether everything `desired` says is already so in `existing`. Only what we set is
 * compared: the platform adds defaults of its own (ids, timestamps, a model's temperature),
 * and those are no difference.
 */
export function holds(desired: unknown, existing: unknown): boolean {
  if (Array.isArray(desired)) return Array.isArray(existing) && existing.length === desired.length && desired.every((item, i) => holds(item, existing[i]));
  if (typeof desired === 'object' && desired !== null) {
    if (typeof existing !== 'object' || existing === null) return false;
    return Object.entries(desired).every(([key, value]) => holds(value, (existing as Record<string, unknown>)[key]));
  }
  return desired === existing;
}

/** The top-level fields of `desired` that `existing` does not hold yet: what an update sends. */
export function differingFields<T extends object>(desired: T, existing: object): Partial<T> {
  return Object.fromEntries(Object.entries(desired).filter(([key, value]) => !holds(value, (existing as Record<string, unknown>)[key]))) as Partial<T>;
}
