/** One line per title: text synced from a browser could hold line breaks. */
export function oneLine(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? '(untitled)' : text;
}
