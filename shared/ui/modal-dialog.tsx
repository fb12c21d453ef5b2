'use client';

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '@/shared/cn';
import { readOrigin, returnTarget, type Origin } from './focus-origin';

/**
 * A modal on the native <dialog> (showModal): the page behind is inert and focus stays inside (the
 * browser's own focus trap), Escape calls `onCancel` (unless `busy`), and when it closes focus goes
 * back to the control that opened it (readOrigin), or where `returnTarget` says when that control
 * is gone. React state decides when it closes, so it stays in step with `open`. The base of every
 * dialog in the app: a dialog gets this focus behaviour by being one, never by code of its own.
 * `title` (and `description`) draw the dialog's heading (and the text under it) and name it; a
 * dialog that draws its own heading passes its id as `labelledBy` instead.
 */
/** A stage's colours, fixed: slate 950, 800 and 50 of Tailwind's own palette. */
const STAGE_COLOURS = 'border-[#1e293b] bg-[#020617] text-[#f8fafc]';

/** Text beside a stage's picture that says less (a count, a hint): slate 300, fixed. */
export const STAGE_MUTED_TEXT = 'text-[#cbd5e1]';

export function ModalDialog({
  open,
  title,
  description,
  labelledBy,
  describedBy,
  busy = false,
  onCancel,
  initialFocus,
  returnFocus,
  className,
  stage = false,
  children,
}: (
  | { title: ReactNode; description?: ReactNode; labelledBy?: never }
  | { labelledBy: string; title?: never; description?: never }
) & {
  open: boolean;
  describedBy?: string;
  busy?: boolean;
  onCancel: () => void;
  /** What gets focus on opening (otherwise the dialog's first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  /**
   * A dark stage for a picture or a document (the lightbox, a PDF), the same in both themes: its
   * colours are fixed, not the palette's (which swaps light and dark).
   */
  stage?: boolean;
  /** Rendered only while open. */
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useShownModal(open, initialFocus, returnFocus);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy ?? titleId}
      aria-describedby={describedBy ?? (description === undefined ? undefined : descriptionId)}
      onCancel={(event) => {
        // React passes a nested dialog's cancel (Escape in a lightbox over the task view) up its tree:
        // each dialog answers only its own.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className={cn(
        'border shadow-xl backdrop:bg-black/50',
        stage ? STAGE_COLOURS : 'border-slate-200 bg-white text-slate-900',
        className,
      )}
    >
      {open ? (
        <>
          {title === undefined ? null : (
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
          )}
          {description === undefined ? null : (
            <div id={descriptionId} className="mt-2 text-sm break-words text-slate-700">
              {description}
            </div>
          )}
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** A dialog's buttons, at its foot, right-aligned. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-wrap justify-end gap-3">{children}</div>;
}

/**
 * Opens the <dialog> with showModal while `open` (focusing `initialFocus`), closes it when not, and
 * sends focus back where it came from on closing or unmounting. Returns the dialog's ref.
 */
function useShownModal(
  open: boolean,
  initialFocus: RefObject<HTMLElement | null> | undefined,
  returnFocus: (() => HTMLElement | null | undefined) | undefined,
) {
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
  return dialogRef;
}
