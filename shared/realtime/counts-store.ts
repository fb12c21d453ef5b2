/**
 * A per-task count the cards show (comments, files: docs/product.md#comments,
 * docs/product.md#files-on-tasks), as a store for useSyncExternalStore: one request when the first
 * card asks, again after each event that may change it (a burst of them makes one request), and a
 * count a screen has just read set directly.
 */

/** Events closer together than this make one request. */
const REFRESH_DELAY_MS = 300;

type Counts<V> = Readonly<Record<string, V>>;

export interface CountsStore<V = number> {
  subscribe(listener: () => void): () => void;
  snapshot(): Counts<V>;
  serverSnapshot(): Counts<V>;
  /** A screen read the task's list: its value is known without asking (null: the task has none). */
  set(task: string, value: V | null): void;
}

const NONE: Counts<never> = {};

/**
 * `fetchCounts` reads every count (a failure keeps what was shown; the next event asks again);
 * `onChanged` subscribes to the events after which to read them again.
 */
export function createCountsStore<V = number>(
  fetchCounts: () => Promise<Record<string, V>>,
  onChanged: (listener: () => void) => () => void,
  same: (a: V, b: V) => boolean = Object.is,
): CountsStore<V> {
  let counts: Counts<V> = {};
  let loaded = false;
  let loading = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopListening: (() => void) | null = null;
  const listeners = new Set<() => void>();

  function publish(next: Counts<V>): void {
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
    set(task, value) {
      const current = counts[task];
      if (value === null ? current === undefined : current !== undefined && same(current, value)) return;
      const next = { ...counts };
      if (value === null) delete next[task];
      else next[task] = value;
      publish(next);
    },
  };
}
