'use client';

import { useSyncExternalStore } from 'react';
import { toLocalDateKey } from '@/lib/tasks/deadlines';

const MINUTE_MS = 60_000;

function subscribe(onChange: () => void): () => void {
  // A page left open past midnight moves on to the new day.
  const timer = window.setInterval(onChange, MINUTE_MS);
  window.addEventListener('focus', onChange);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', onChange);
  };
}

/** Today's date (yyyy-mm-dd, local time zone) on the client; `null` while rendering on the server. */
export function useToday(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => toLocalDateKey(new Date()),
    () => null,
  );
}
