'use client';

import { useSyncExternalStore } from 'react';
import { toLocalDateKey } from '@/shared/format/date-key';

const MINUTE_MS = 60_000;

/**
 * One clock for every reader of the day (a board shows up to 60 cards, each with its relative due
 * date): one timer and one focus listener while anything reads it, and the day worked out once per
 * tick rather than once per card and render.
 */
const listeners = new Set<() => void>();
let today: string | null = null;
let stop: (() => void) | null = null;

function tick(): void {
  const next = toLocalDateKey(new Date());
  if (next === today) return;
  today = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (stop === null) {
    // A page left open past midnight moves on to the new day.
    const timer = window.setInterval(tick, MINUTE_MS);
    window.addEventListener('focus', tick);
    stop = () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', tick);
    };
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0 && stop !== null) {
      stop();
      stop = null;
      // Nobody is told while no one listens: the next reader works the day out afresh.
      today = null;
    }
  };
}

function getSnapshot(): string {
  today ??= toLocalDateKey(new Date());
  return today;
}

/** Today's date (yyyy-mm-dd, local time zone) on the client; `null` while rendering on the server. */
export function useToday(): string | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
