/**
 * The page's events the engine follows in every tab (features/sync/client/client.ts): the connection coming back
 * and the page becoming visible sync at once (the next failure waits as if it were the first);
 * another tab's writes under `tasklane.syncConflicts` and `tasklane.sync` are shown here, and a
 * change recorded there is pushed soon by the tab that syncs. `browserEnvironment` is the real page
 * (window, document, Web Locks, the live stream) that features/sync/client/client.ts uses by default.
 */
import { SYNC_CONFLICTS_KEY, SYNC_META_KEY } from '@/shared/browser-storage/keys';
import { openPokeStream } from '@/shared/realtime/stream';
import type { SyncEnvironment } from './ports';
import type { SyncLoop } from './sync-loop';

const SYNC_STREAM_URL = '/api/sync/stream';

export interface BrowserEvents {
  listen(): void;
  /** Safe to call when not listening. */
  unlisten(): void;
}

export function createBrowserEvents(ports: {
  env: Pick<SyncEnvironment, 'addEventListener' | 'removeEventListener' | 'isVisible'>;
  loop: Pick<SyncLoop, 'resume' | 'runNow'>;
  /** Another tab stored the conflict list. */
  onConflictsStored: () => void;
  /** Another tab wrote the replica's metadata. */
  onMetaStored: () => void;
}): BrowserEvents {
  const { env, loop } = ports;
  const onOnline = () => {
    void loop.resume();
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

export function browserEnvironment(): SyncEnvironment {
  const hasWindow = typeof window !== 'undefined';
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    addEventListener: (type, listener) => {
      if (!hasWindow) return;
      if (type === 'visibilitychange') document.addEventListener(type, listener);
      else window.addEventListener(type, listener);
    },
    removeEventListener: (type, listener) => {
      if (!hasWindow) return;
      if (type === 'visibilitychange') document.removeEventListener(type, listener);
      else window.removeEventListener(type, listener);
    },
    isVisible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
    requestLock: locks ? (name, callback) => locks.request(name, callback) : null,
    openStream:
      hasWindow && typeof TextDecoderStream !== 'undefined'
        ? (handlers) =>
            openPokeStream({ url: SYNC_STREAM_URL, fetch: window.fetch.bind(window), ...handlers })
        : null,
  };
}
