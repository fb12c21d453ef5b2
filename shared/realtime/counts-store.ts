/**
 * A per-task count the cards show (comments, files: docs/product.md#comments,
 * docs/product.md#files-on-tasks), as a store for useSyncExternalStore: one request when the first
 * card asks, again after each event that may change it (a burst of them makes one request), and a
 * count a screen has just read set directly.
 */

/** Events closer together than this make one request. */
const REFRESH_DELAY_MS = 300;

type Counts = Readonly<Record<string, number>>;

export interface CountsStore {
  subscribe(listener: () => void): () => void;
  snapshot(): Counts;
  serverSnapshot(): Counts;
  /** A screen read the task's list: its count is known without asking. */
  set(task: string, count: number): void;
}

const NONE: Counts = {};

/**
 * `fetchCounts` reads every count (a failure keeps what was shown; the next event asks again);
 * `onChanged` subscribes to the events after which to read them again.
 */
export function createCountsStore(
  fetchCounts: () => Promise<Record<string, number>>,
  onChanged: (listener: () => void) => () => void,
): CountsStore {
  let counts: Counts = {};
  let loaded = false;
  let loading = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopListening: (() => void) | null = null;
  const listeners = new Set<() => void>();

  function publish(next: Counts): void {
    counts = next;
    for (const listener of [...listeners]) listener();
  }

  async function load(): Promise<void> {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      publish(await fetchCounts());
      loaded = true;
    } catch {
      // Offline or refused: the cards keep what they showed; the next event asks again.
    } finally {
      loading = false;
    }
    if (again) {
      again = false;
      void load();
    }
  }

  function scheduleLoad(): void {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, REFRESH_DELAY_MS);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (stopListening === null) stopListening = onChanged(scheduleLoad);
      if (!loaded && !loading) void load();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopListening?.();
          stopListening = null;
          // Asked again when a card shows next: counts may have changed while none was listening.
          loaded = false;
        }
      };
    },
    snapshot: () => counts,
    serverSnapshot: () => NONE,
    set(task, count) {
      if ((counts[task] ?? 0) === count) return;
      const next = { ...counts };
      if (count > 0) next[task] = count;
      else delete next[task];
      publish(next);
    },
  };
}
