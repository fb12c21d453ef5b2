/**
 * Runs `work` while no other tab of this site runs work under the same `lockName` (Web Locks), so
 * two tabs never raise the same desktop notification twice. Without Web Locks, it simply runs.
 */
export function oneTabAtATime(lockName: string, work: () => void): void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    work();
    return;
  }
  void locks.request(lockName, async () => work()).catch(() => undefined);
}
