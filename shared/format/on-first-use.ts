/**
 * A value made the first time it is asked for, then kept: Intl formatters, so that no page pays for
 * ICU's set-up while its modules load (docs/decisions/0053-fast-from-the-first-load.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
