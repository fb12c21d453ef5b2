/**
 * Which task's replaced values to show as soon as its view has them (docs/product.md#the-inbox): an
 * inbox `replaced` entry opens its task with the review of replaced values already open. One
 * request at a time, kept in memory; the task view's marker takes it (and drops it once closed), so
 * a later opening of the same task shows the view as usual.
 */
let requested: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** The next view of the task with this key (features/tasks/model/task-link.ts taskKey) opens its replaced values. */
export function requestReplacedReview(key: string): void {
  if (requested === key) return;
  requested = key;
  emit();
}

/** Drops the request for this key (the review was closed, or the view went away). */
export function clearReplacedReview(key: string): void {
  if (requested !== key) return;
  requested = null;
  emit();
}

export function replacedReviewRequest(): string | null {
  return requested;
}

export function subscribeReplacedReview(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
