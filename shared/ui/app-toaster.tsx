'use client';

import { useEffect } from 'react';
import { Toaster, toast, type ExternalToast, type ToastT } from 'sonner';
import { useTheme } from '@/shared/hooks/use-theme';
import { DEADLINE_TOAST_LIMIT, TOAST_DURATION_MS } from '@/shared/constants';

const TOAST_BY_TYPE = {
  success: toast.success,
  error: toast.error,
  warning: toast.warning,
  info: toast.info,
} as const;

/** Updates an open toast's duration, keeping its type (sonner's plain `message` would reset it). */
function setToastDuration(shown: ToastT, duration: number): void {
  const show = TOAST_BY_TYPE[shown.type as keyof typeof TOAST_BY_TYPE] ?? toast.message;
  const options: ExternalToast = { id: shown.id, duration };
  show(shown.title as Parameters<typeof toast.message>[0], options);
}

/**
 * Toasts (docs/product.md#toasts): top-right, 5000 ms unless the caller says otherwise, no progress bar,
 * paused on hover and while the window has lost focus, swipe to dismiss. sonner pauses on hover and on a
 * hidden tab by itself; focus loss (another window in front) is added here by holding every open toast until
 * focus returns.
 */
export function AppToaster() {
  const theme = useTheme();
  useEffect(() => {
    const heldDurations = new Map<string | number, number | undefined>();
    const hold = () => {
      for (const shown of toast.getToasts()) {
        if (!('title' in shown) || heldDurations.has(shown.id) || shown.duration === Infinity) continue;
        heldDurations.set(shown.id, shown.duration);
        setToastDuration(shown, Infinity);
      }
    };
    const release = () => {
      const open = new Map(toast.getToasts().map((shown) => [shown.id, shown]));
      for (const [id, duration] of heldDurations) {
        const shown = open.get(id);
        if (shown && 'title' in shown) setToastDuration(shown, duration ?? TOAST_DURATION_MS);
      }
      heldDurations.clear();
    };
    window.addEventListener('blur', hold);
    window.addEventListener('focus', release);
    return () => {
      window.removeEventListener('blur', hold);
      window.removeEventListener('focus', release);
    };
  }, []);

  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      theme={theme}
      closeButton
      // Every deadline toast of the dashboard and their summary in the stack (sonner's default is 3).
      visibleToasts={DEADLINE_TOAST_LIMIT + 1}
    />
  );
}
