/**
 * The page's events the engine follows in every tab (lib/sync/client.ts): the connection coming back
 * and the page becoming visible sync at once (the next failure waits as if it were the first);
 * another tab's writes under `tasklane.syncConflicts` and `tasklane.sync` are shown here, and a
 * change recorded there is pushed soon by the tab that syncs.
 */
import type { SyncEnvironment } from '../client';
import { SYNC_CONFLICTS_KEY, SYNC_META_KEY } from '../storage-keys';
import type { SyncLoop } from './sync-loop';

export interface BrowserEvents {
  listen(): void;
  /** Safe to call when not listening. */
  unlisten(): void;
}

export function createBrowserEvents(ports: {
  env: Pick<SyncEnvironment, 'addEventListener' | 'removeEventListener' | 'isVisible'>;
  loop: Pick<SyncLoop, 'resetFailures' | 'runNow'>;
  /** Another tab stored the conflict list. */
  onConflictsStored: () => void;
  /** Another tab wrote the replica's metadata. */
  onMetaStored: () => void;
}): BrowserEvents {
  const { env, loop } = ports;
  const onOnline = () => {
    loop.resetFailures();
    void loop.runNow();
  };
  const onVisibility = () => {
    if (env.isVisible()) void loop.runNow();
  };
  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key === SYNC_CONFLICTS_KEY) {
      ports.onConflictsStored();
      return;
    }
    if ((event as StorageEvent).key !== SYNC_META_KEY) return;
    // Another tab recorded a change (the leader pushes it) or synced (the others show it).
    ports.onMetaStored();
  };

  return {
    listen() {
      env.addEventListener('online', onOnline);
      env.addEventListener('visibilitychange', onVisibility);
      env.addEventListener('storage', onStorage);
    },
    unlisten() {
      env.removeEventListener('online', onOnline);
      env.removeEventListener('visibilitychange', onVisibility);
      env.removeEventListener('storage', onStorage);
    },
  };
}
