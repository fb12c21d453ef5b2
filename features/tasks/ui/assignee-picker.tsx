'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import { readTokenUserId } from '@/shared/auth/token-claims';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useSyncUsers } from '@/features/accounts/ui/use-sync-users';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { getStoredToken, loggedInUserStore, userStore } from '@/shared/session/session';
import { assignTask } from '@/features/tasks/client/task-commands';
import { assigneeOptions } from '@/features/tasks/model/assignees';
import { assigneeName, UNKNOWN_ASSIGNEE, type Assignee, type Task } from '@/features/tasks/model/task-types';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';

/** Shown under the picker when the team's names could not be fetched (offline, server error). */
export const ASSIGNEES_UNAVAILABLE =
  'Team members could not be loaded, so only you and the current assignee are listed.';

/** The signed-in user as an assignee: their id (from the session token) and their name. */
export function useSelfAssignee(): Assignee {
  const name = useLocalStore(loggedInUserStore)?.name.trim();
  const token = useSyncExternalStore(subscribeToNothing, getStoredToken, () => null);
  return { id: readTokenUserId(token), name: name || UNKNOWN_ASSIGNEE };
}

function subscribeToNothing(): () => void {
  return () => undefined;
}

/** The task's assignee as the picker shows it: its id when it has one, and the name it shows as. */
export function currentAssignee(task: Task): Assignee {
  return { id: task.assigneeId || null, name: assigneeName(task) };
}

/**
 * Team sync only (callers check useTeamSyncOn): 'Assigned to', a select of the team's members by
 * user id (docs/product.md#assignees). A name two users share is listed but disabled (features/tasks/model/assignees.ts).
 */
export function AssigneeSelect({
  value,
  onChange,
  className,
}: {
  value: Assignee;
  onChange: (assignee: Assignee) => void;
  className?: string;
}) {
  const selectId = useId();
  const self = useSelfAssignee();
  const team = useSyncUsers();
  const options = assigneeOptions({ users: team.users, current: value, self });
  const hint = team.status === 'error' ? ASSIGNEES_UNAVAILABLE : undefined;
  return (
    <FieldFrame inputId={selectId} label="Assigned to" hint={hint} className={className}>
      <select
        id={selectId}
        className={FIELD_INPUT}
        value={value.id ?? ''}
        aria-busy={team.status === 'loading' || undefined}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        onChange={(event) => {
          const option = options.find((candidate) => candidate.value === event.target.value);
          if (option) onChange({ id: option.id, name: option.name });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Whether the signed-in user wrote `task` (its `email` is the session's): only they may reassign it. */
export function useIsTaskAuthor(task: Task): boolean {
  const email = useLocalStore(userStore)?.email;
  return Boolean(email) && task.email === email;
}

/**
 * The 'Reassign task' dialog of `task` (docs/product.md#assignees): `open()` shows it with the current
 * assignee chosen; Save writes the person chosen. `returnFocus`: where focus goes when it closes, when the
 * control that opened it is gone (a menu item).
 */
export function useReassignDialog(task: Task, returnFocus?: () => HTMLElement | null | undefined) {
  const [choice, setChoice] = useState<Assignee | null>(null);

  function save() {
    const chosen = choice;
    setChoice(null);
    // Only a person is a change: the current assignee, or 'Unassigned' chosen again, writes nothing.
    if (chosen !== null && chosen.id !== null && chosen.id !== task.assigneeId) {
      saveSafely(() => assignTask(task.id, chosen));
    }
  }

  return {
    open: () => setChoice(currentAssignee(task)),
    dialog: (
      <ConfirmDialog
        open={choice !== null}
        title="Reassign task"
        confirmLabel="Save"
        confirmVariant="primary"
        onConfirm={save}
        onCancel={() => setChoice(null)}
        returnFocus={returnFocus}
      >
        <p className="font-medium text-slate-900">{task.title}</p>
        {choice !== null ? <AssigneeSelect className="mt-3" value={choice} onChange={setChoice} /> : null}
      </ConfirmDialog>
    ),
  };
}

/** The author's 'Reassign' button on a grid card and its dialog. `describedBy`: the card title's id. */
export function ReassignButton({
  task,
  describedBy,
  className,
}: {
  task: Task;
  describedBy?: string;
  className?: string;
}) {
  const reassign = useReassignDialog(task);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        aria-describedby={describedBy}
        onClick={reassign.open}
      >
        Reassign
      </Button>
      {reassign.dialog}
    </>
  );
}
