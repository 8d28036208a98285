/** Far deeper than any message the voice platform sends; deep enough to refuse a stack-exhausting body. */
export const MAX_MESSAGE_DEPTH = 64;

/**
 * Whether objects and arrays in a parsed body nest deeper than `maxDepth`. Walked without
 * recursion: a hostile body can nest thousands of levels, more than JSON.stringify survives.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
