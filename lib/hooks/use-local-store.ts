'use client';

import { useSyncExternalStore } from 'react';
import type { LocalStore } from '@/lib/storage/local-store';

/** A local store's current value, re-rendering on same-tab writes and other tabs' changes. */
export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
