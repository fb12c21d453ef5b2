/**
 * A stored value that could not be read as it was: `copyKey` holds the original text (`null` when the
 * copy failed, usually a full quota), `kept` says whether some of it (the valid items) is still in use.
 */
export type StorageProblem = { key: string; copyKey: string | null; kept: 'some' | 'none' };

let storageProblems: readonly StorageProblem[] = [];
const problemListeners = new Set<() => void>();

function notifyProblemListeners(): void {
  // Copy first: a listener may unsubscribe while we iterate.
  for (const listener of Array.from(problemListeners)) listener();
}

/** Records an unreadable value met by a store; the same problem again changes nothing. */
export function reportStorageProblem(problem: StorageProblem): void {
  const same = storageProblems.find((known) => known.key === problem.key);
  if (same && same.copyKey === problem.copyKey && same.kept === problem.kept) return;
  storageProblems = [...storageProblems.filter((known) => known.key !== problem.key), problem];
  // Reads happen while React renders; telling subscribers (who set state) must wait until it is done.
  queueMicrotask(notifyProblemListeners);
}

/** Unreadable stored values met so far in this page, for a notice (useSyncExternalStore-shaped). */
export const storageProblemsStore = {
  getSnapshot: (): readonly StorageProblem[] => storageProblems,
  getServerSnapshot: (): readonly StorageProblem[] => [],
  subscribe(listener: () => void): () => void {
    const entry = () => listener();
    problemListeners.add(entry);
    return () => problemListeners.delete(entry);
  },
  /** The user has seen the notice. */
  dismiss(key: string): void {
    storageProblems = storageProblems.filter((problem) => problem.key !== key);
    notifyProblemListeners();
  },
};
