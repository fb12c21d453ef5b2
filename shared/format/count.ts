/**
 * A whole number as the app writes counts and limits (`5,000`, `1,234,567`): digits grouped by three
 * with commas, as `toLocaleString('en-US')` would, without Intl. Messages built when a module loads use
 * it: the first Intl call of a page sets up ICU's number formatting, 10–20 ms of a phone's main thread
 * while the page starts (docs/benchmarks.md, the member dashboard in Lighthouse).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${part},${grouped}` : part;
  }
  return value < 0 ? `-${grouped}` : grouped;
}
