/**
 * One sync cycle (docs/decisions/0013-team-sync.md, "Outbox"): the full diff, a push, a pull, a push
 * of what was recorded meanwhile, then the conflict list when it may be out of date. The loop
 * (./sync-loop.ts) decides when it runs; a cycle that throws is its failure.
 *
 * Invariant: a push the server refused (an HTTP error other than 401) does not hold back the pull;
 * the cycle still fails with that error afterwards.
 */
import { ApiError } from '@/shared/http/http';

export function createCycle(steps: {
  /** The status says a cycle is starting. */
  refreshStatus: (syncing: boolean) => void;
  catchUp: (force: boolean) => void;
  pushAll: () => Promise<void>;
  pullAll: () => Promise<void>;
  refreshConflicts: () => void;
}): () => Promise<void> {
  const { catchUp, pushAll, pullAll } = steps;
  return async function runCycle(): Promise<void> {
    steps.refreshStatus(true);
    catchUp(false);
    // A push the server answers with an error (a refusal, a failure on its side) must not hold back
    // what others changed: this device still pulls, then reports the push's error. Without an answer
    // at all (offline) the pull would fail the same way, so that error stops the cycle at once.
    let pushError: unknown = null;
    try {
      await pushAll();
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'http' && error.status !== 401)) throw error;
      pushError = error;
    }
    await pullAll();
    if (pushError !== null) throw pushError;
    // Anything recorded while pulling goes out now rather than at the next poll.
    await pushAll();
    // Beside the sync, not part of it: the status does not wait for the list.
    steps.refreshConflicts();
  };
}
