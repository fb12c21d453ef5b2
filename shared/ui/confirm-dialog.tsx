'use client';

import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { DialogActions, ModalDialog } from './modal-dialog';

/**
 * A modal confirmation (ModalDialog): focus moves to Cancel (the safe choice for a destructive
 * action), Escape cancels, and focus goes back to the control that opened it — or to `returnFocus()`
 * when that control is gone (the row was deleted).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Danger for a destructive action (the default); primary when confirming is the usual choice. */
  confirmVariant?: 'danger' | 'primary';
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog
      open={open}
      title={title}
      description={children}
      busy={busy}
      onCancel={onCancel}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-5"
    >
      <DialogActions>
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
