'use client';

import { History } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '@/shared/cn';
import {
  AFTER_DELETE_NOTE,
  authorText,
  CLOSE_LABEL,
  CONFLICTS_DIALOG_TITLE,
  conflictsIntro,
  CURRENT_VALUE_LABEL,
  DISMISS_LABEL,
  fieldLabel,
  formatConflictValue,
  formatWhen,
  markerLabel,
  REPLACED_VALUE_LABEL,
  RESTORE_LABEL,
} from '@/features/sync/model/conflict-text';
import { conflictsOf, conflictsStore } from '@/features/sync/client/conflicts-store';
import {
  clearReplacedReview,
  replacedReviewRequest,
  subscribeReplacedReview,
} from '@/features/tasks/model/replaced-review';
import { taskKey } from '@/features/tasks/model/task-link';
import type { SyncConflict } from '@/features/sync/model/protocol';
import type { Task } from '@/features/tasks/model/task-types';
import { Button } from '@/shared/ui/button';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';
import { FOCUS_RING } from '@/shared/ui/styles';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { useSettleConflict } from './use-settle-conflict';

/**
 * The "replaced values" marker of a task (docs/product.md#team-sync): nothing with sync off or
 * while the task has no open conflict record; otherwise a small button that opens a dialog listing
 * each replaced value with Restore and Dismiss. Restore settles the record on the server first
 * (so offline nothing changes and the dialog says a connection is needed), then writes the value
 * through the task commands: a new edit, with a new stamp, that wins from now on.
 *
 * It sits outside a draggable board card (a button inside the card's role="button" would nest
 * controls and start keyboard drags); `returnFocus` says where focus goes once the last record is
 * settled and the marker leaves. `reviewOnRequest` (the task view's marker): the dialog opens by
 * itself when an inbox `replaced` entry asked for this task (features/tasks/model/replaced-review.ts), as soon
 * as its records are here.
 */
export function ConflictMarker({
  task,
  className,
  returnFocus,
  reviewOnRequest = false,
}: {
  task: Task;
  className?: string;
  returnFocus?: () => HTMLElement | null | undefined;
  reviewOnRequest?: boolean;
}) {
  const on = useTeamSyncOn();
  const list = useSyncExternalStore(
    conflictsStore.subscribe,
    conflictsStore.getSnapshot,
    conflictsStore.getServerSnapshot,
  );
  const request = useSyncExternalStore(subscribeReplacedReview, replacedReviewRequest, () => null);
  const key = taskKey(task);
  const conflicts = on ? conflictsOf(list, task.uid) : [];
  const [opened, setOpen] = useState(false);
  // A requested review waits one frame: the view's own dialog opens (showModal) in an effect that
  // runs after this one's, and the review must open over it, not under it.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!reviewOnRequest) return;
    const frame = requestAnimationFrame(() => setSettled(true));
    return () => cancelAnimationFrame(frame);
  }, [reviewOnRequest]);
  const requested = reviewOnRequest && settled && request === key;
  // The view closed (or showed another task) before the records came: the request goes with it.
  useEffect(() => (reviewOnRequest ? () => clearReplacedReview(key) : undefined), [reviewOnRequest, key]);
  const open = opened || (requested && conflicts.length > 0);
  if (conflicts.length === 0) return null;
  const label = markerLabel(conflicts.length, task.title);
  return (
    <>
      {/* The name is an attribute, not hidden text: a search for the title's text finds the card only. */}
      <button
        type="button"
        title={label}
        aria-label={label}
        onClick={() => setOpen(true)}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100',
          FOCUS_RING,
          className,
        )}
      >
        <History className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <ConflictsDialog
          task={task}
          conflicts={conflicts}
          onClose={() => {
            setOpen(false);
            clearReplacedReview(key);
          }}
          returnFocus={returnFocus}
        />
      ) : null}
    </>
  );
}

/** The dialog listing the task's replaced values, each with Restore and Dismiss; Close has focus first. */
function ConflictsDialog({
  task,
  conflicts,
  onClose,
  returnFocus,
}: {
  task: Task;
  conflicts: readonly SyncConflict[];
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const [nowMs] = useState(() => Date.now());
  const { busy, error, settle } = useSettleConflict({ conflicts, closeRef, onClose, returnFocus });

  return (
    <ModalDialog
      // Mounted while shown: the marker unmounts it to close. Close gets focus first, as ConfirmDialog
      // focuses Cancel: Enter right after opening changes nothing.
      open
      title={CONFLICTS_DIALOG_TITLE}
      description={conflictsIntro(task.title)}
      busy={busy}
      onCancel={onClose}
      initialFocus={closeRef}
      returnFocus={returnFocus}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl p-5"
    >
      <ul className="mt-4 space-y-3">
        {conflicts.map((conflict) => (
          <ConflictItem
            key={conflict.id}
            conflict={conflict}
            current={task[conflict.field]}
            nowMs={nowMs}
            busy={busy}
            onSettle={(restore) => void settle(conflict, restore)}
          />
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <DialogActions>
        <Button ref={closeRef} variant="secondary" onClick={onClose} disabled={busy}>
          {CLOSE_LABEL}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function ConflictItem({
  conflict,
  current,
  nowMs,
  busy,
  onSettle,
}: {
  conflict: SyncConflict;
  current: unknown;
  nowMs: number;
  busy: boolean;
  onSettle: (restore: boolean) => void;
}) {
  const headingId = useId();
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {fieldLabel(conflict.field, conflict.value, current)}
      </h3>
      {conflict.reason === 'after-delete' ? (
        <p className="text-sm text-slate-700">{AFTER_DELETE_NOTE}</p>
      ) : null}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{REPLACED_VALUE_LABEL}</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">
          {formatConflictValue(conflict.field, conflict.value)}
        </dd>
        <dt className="text-slate-600">{CURRENT_VALUE_LABEL}</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">
          {formatConflictValue(conflict.field, current)}
        </dd>
      </dl>
      <p className="mt-1 text-sm text-slate-700">
        {authorText(conflict.authorName)} ·{' '}
        <time dateTime={conflict.createdAt} title={new Date(conflict.createdAt).toLocaleString()}>
          {formatWhen(conflict.createdAt, nowMs)}
        </time>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onSettle(true)} disabled={busy} aria-describedby={headingId}>
          {RESTORE_LABEL}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onSettle(false)}
          disabled={busy}
          aria-describedby={headingId}
        >
          {DISMISS_LABEL}
        </Button>
      </div>
    </li>
  );
}
