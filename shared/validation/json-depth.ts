/**
 * Whether `value` (parsed JSON) nests objects or arrays deeper than `maxDepth`. Iterative: a body of
 * a million `[` must not overflow the stack the way a recursive walk (or a recursive schema) would.
 */
export function exceedsJsonDepth(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
