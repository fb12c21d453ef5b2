'use client';

import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '@/shared/cn';
import { readOrigin, returnTarget, type Origin } from './focus-origin';

/**
 * A modal on the native <dialog> (showModal): the page behind is inert and focus stays inside (the
 * browser's own focus trap), Escape calls `onCancel` (unless `busy`), and when it closes focus goes
 * back to the control that opened it (readOrigin), or where `returnTarget` says when that control
 * is gone. React state decides when it closes, so it stays in step with `open`. The base of every
 * dialog in the app: a dialog gets this focus behaviour by being one, never by code of its own.
 */
export function ModalDialog({
  open,
  labelledBy,
  describedBy,
  busy = false,
  onCancel,
  initialFocus,
  returnFocus,
  className,
  children,
}: {
  open: boolean;
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  onCancel: () => void;
  /** What gets focus on opening (otherwise the dialog's first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  /** Rendered only while open. */
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const originRef = useRef<Origin | null>(null);
  const returnFocusRef = useRef(returnFocus);

  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      originRef.current = readOrigin();
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const origin = originRef.current;
      originRef.current = null;
      if (origin) returnTarget(origin, returnFocusRef.current)?.focus();
    }
    // `initialFocus` is read when opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Unmounted while open (a dialog that lives while shown, or the page changed): focus still goes back.
  useEffect(
    () => () => {
      const origin = originRef.current;
      if (origin) returnTarget(origin, returnFocusRef.current)?.focus();
    },
    [],
  );

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className={cn(
        'border border-slate-200 bg-white text-slate-900 shadow-xl backdrop:bg-black/50',
        className,
      )}
    >
      {open ? children : null}
    </dialog>
  );
}
