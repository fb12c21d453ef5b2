/**
 * When the engine syncs: one cycle at a time, the next one planned by a single timer; a cycle asked
 * for while one runs runs right after it; after a failure the next waits longer each time (with
 * jitter, up to 30 s), after a success it waits the polling interval. The loop knows nothing of what
 * a cycle does (features/sync/client/client.ts).
 */

const MAX_BACKOFF_MS = 30_000;

export interface SyncLoop {
  /** Runs a cycle now, or once more right after the one running; resolves when that one ends. */
  runNow(): Promise<void>;
  /** Plans the next cycle in `delayMs`, replacing the one planned. */
  schedule(delayMs: number): void;
  /** A change elsewhere: a cycle in `delayMs`, or right after the running one. */
  kick(delayMs: number): void;
  isRunning(): boolean;
  failures(): number;
  /** The connection is back (or the user asked): the next failure waits as if it were the first. */
  resetFailures(): void;
  /**
   * The connection is back: failures forgotten and a cycle now. When one is running it may have been
   * sent before the network returned, so if it fails the next one still starts right after it (not after
   * a backoff that would leave the page saying Offline for up to 30 s).
   */
  resume(): Promise<void>;
  stop(): void;
}

export interface SyncLoopOptions {
  /** Whether the loop may plan cycles (this tab syncs, not stopped). */
  isActive: () => boolean;
  /** Whether a cycle may start now (also false while storage refuses the replica). */
  canRun: () => boolean;
  cycle: () => Promise<void>;
  onSuccess: () => void;
  /** A failed cycle: 'stop' ends the loop (nothing is planned), 'retry' plans one after a backoff. */
  onFailure: (error: unknown) => 'stop' | 'retry';
  /** After every cycle, whatever its outcome (the status is refreshed there). */
  afterCycle: () => void;
  pollMs: () => number;
  /** Random in [0, 1): backoff jitter. */
  random: () => number;
}

/**
 * The wait after `failures` failed cycles in a row: 1 s, doubling each time up to 30 s, then between
 * half of it and all of it (`random` in [0, 1)), so that browsers failing together do not retry together.
 */
export function backoffMs(failures: number, random: () => number): number {
  const base = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() / 2));
}

export function createSyncLoop(options: SyncLoopOptions): SyncLoop {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cycle: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let stopped = false;
  /** `resume` was asked for while a cycle ran: after it, whatever its outcome, one more at once. */
  let resumed = false;

  function schedule(delayMs: number): void {
    if (stopped || !options.isActive()) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void runNow();
    }, delayMs);
  }

  function runNow(): Promise<void> {
    if (stopped || !options.isActive() || !options.canRun()) return Promise.resolve();
    if (cycle) {
      again = true;
      return cycle;
    }
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    cycle = (async () => {
      let outcome: 'ok' | 'stop' | 'retry' = 'ok';
      try {
        await options.cycle();
        failures = 0;
        options.onSuccess();
      } catch (error) {
        outcome = options.onFailure(error);
        if (outcome === 'retry') failures += 1;
      } finally {
        cycle = null;
      }
      if (outcome === 'stop') {
        resumed = false;
        return;
      }
      options.afterCycle();
      if (stopped) return;
      if (resumed && failures > 0) {
        // It failed, but the network came back while it ran: try again now, counting from zero.
        failures = 0;
        again = true;
      }
      resumed = false;
      const more = again && failures === 0;
      again = false;
      schedule(more ? 0 : failures > 0 ? backoffMs(failures, options.random) : options.pollMs());
    })();
    return cycle;
  }

  return {
    runNow,
    schedule,
    kick(delayMs) {
      if (cycle) again = true;
      else schedule(delayMs);
    },
    isRunning: () => cycle !== null,
    failures: () => failures,
    resetFailures() {
      failures = 0;
    },
    resume() {
      failures = 0;
      if (cycle) resumed = true;
      return runNow();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
