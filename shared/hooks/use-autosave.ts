'use client';

import { useCallback, useEffect, useRef } from 'react';

/**
 * Saving as the user types (docs/product.md#notes, #the-task-view): `schedule(value)` saves the latest
 * value once typing has paused for `delayMs`; `flush()` saves a pending value now (on blur). Leaving
 * the page, or the component unmounting (a dialog closed mid-edit), saves it too, so nothing typed is
 * lost. `save` may change between renders; the latest one runs.
 */
export function useAutosave<T>(save: (value: T) => void, delayMs: number) {
  const saveRef = useRef(save);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);

  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    if (next === null) return;
    pending.current = null;
    saveRef.current(next.value);
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );

  return { schedule, flush };
}
