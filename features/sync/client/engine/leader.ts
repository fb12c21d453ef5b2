/**
 * One tab syncs (docs/decisions/0027-team-replica-in-indexeddb.md): the one holding the Web Lock
 * `tasklane-sync`. The other tabs queue for it and take over when that tab closes.
 */
export const SYNC_LOCK_NAME = 'tasklane-sync';

/** Web Locks' `request`, or null where the browser has none. */
export type RequestLock = ((name: string, callback: () => Promise<void>) => Promise<unknown>) | null;

/**
 * Runs `lead` once this tab holds the sync lock, and holds it until the returned release is called
 * (the tab stops syncing). Without Web Locks, or when the browser refuses them (an insecure context),
 * `lead` runs at once: this tab then syncs on its own. `isStopped`: the tab stopped meanwhile, so a
 * lock granted later is handed back without leading.
 */
export function runWhenLeader(
  requestLock: RequestLock,
  isStopped: () => boolean,
  lead: () => void,
): () => void {
  let release: (() => void) | null = null;
  if (!requestLock) {
    lead();
    return () => {};
  }
  void requestLock(
    SYNC_LOCK_NAME,
    () =>
      new Promise<void>((resolve) => {
        if (isStopped()) {
          resolve();
          return;
        }
        release = resolve;
        lead();
      }),
  ).catch(() => {
    if (!isStopped()) lead();
  });
  return () => release?.();
}
