'use client';

import { useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { describeFailure, FAILURE_WORDING } from '@/shared/http/failure-message';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { setTaskField } from '@/features/tasks/client/task-commands';
import { DISMISSED_TOAST, RESTORED_TOAST } from '@/features/sync/model/conflict-text';
import { settleConflict } from '@/features/sync/client/conflicts-store';
import type { SyncConflict } from '@/features/sync/model/protocol';

/**
 * Restore and Dismiss in the conflicts dialog: the record is settled on the server first (offline,
 * nothing changes and `error` says why), then Restore writes the value through the task commands.
 * Focus moves to `closeRef` as the item leaves; after the last one the dialog closes and focus goes
 * to `returnFocus` when nothing else took it.
 */
export function useSettleConflict({
  conflicts,
  closeRef,
  onClose,
  returnFocus,
}: {
  conflicts: readonly SyncConflict[];
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function settle(conflict: SyncConflict, restore: boolean) {
    setBusyId(conflict.id);
    setError(null);
    try {
      await settleConflict(conflict);
    } catch (failure) {
      setError(describeFailure(failure, FAILURE_WORDING.settleConflict));
      setBusyId(null);
      return;
    }
    setBusyId(null);
    // The item (and the button that had focus) leaves; with others left, focus stays in the dialog.
    closeRef.current?.focus();
    if (restore) {
      if (saveSafely(() => setTaskField(conflict.uid, conflict.field, conflict.value))) {
        toast.success(RESTORED_TOAST);
      }
    } else {
      toast.success(DISMISSED_TOAST);
    }
    if (conflicts.length === 1) {
      onClose();
      // The marker and dialog have gone; a restored value may also have moved the card to another
      // column (a new element), so focus is placed once both renders are done.
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) returnFocus?.()?.focus();
      }, 0);
    }
  }

  return { busy: busyId !== null, error, settle };
}
