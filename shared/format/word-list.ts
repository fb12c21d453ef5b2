/** Words joined as a sentence lists them: `a`, `a and b`, `a, b and c` (nothing: ''). Pure. */
export function joinWithAnd(items: readonly (string | number)[]): string {
  const words = items.map(String);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
