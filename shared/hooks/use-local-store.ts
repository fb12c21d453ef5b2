'use client';

import { useSyncExternalStore } from 'react';
import type { ReadableStore } from '@/shared/browser-storage/local-store';

/** A local store's current value, re-rendering on same-tab writes and other tabs' changes. */
export function useLocalStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
