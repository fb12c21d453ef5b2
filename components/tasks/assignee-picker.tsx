'use client';

import { useId, useState, type ReactNode } from 'react';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { useSyncUsers } from '@/lib/hooks/use-sync-users';
import { saveSafely } from '@/lib/storage/save-safely';
import { loggedInUserStore, userStore } from '@/lib/storage/session';
import { assignTask } from '@/lib/storage/tasks';
import { assigneeOptions } from '@/lib/sync/assignees';
import type { Task } from '@/lib/tasks/task';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FIELD_INPUT } from '@/components/ui/styles';
import { FieldFrame } from '@/components/ui/text-field';

/** Shown under the picker when the team's names could not be fetched (offline, server error). */
export const ASSIGNEES_UNAVAILABLE =
  'Team members could not be loaded, so only you and the current assignee are listed.';

/**
 * Team sync only (callers check useTeamSyncOn): 'Assigned to', a select of the team's names
 * (docs/product.md#assignees). A name two users share is listed but disabled (lib/sync/assignees.ts).
 */
export function AssigneeSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (name: string) => void;
  className?: string;
}) {
  const selectId = useId();
  const self = useLocalStore(loggedInUserStore)?.name;
  const team = useSyncUsers();
  const options = assigneeOptions({ users: team.users, current: value, self });
  const hint = team.status === 'error' ? ASSIGNEES_UNAVAILABLE : undefined;
  return (
    <FieldFrame inputId={selectId} label="Assigned to" hint={hint} className={className}>
      <select
        id={selectId}
        className={FIELD_INPUT}
        value={value}
        aria-busy={team.status === 'loading' || undefined}
        aria-describedby={hint ? `${selectId}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.name} value={option.name} disabled={option.disabled}>
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
 * The author's 'Reassign' button on a card and its dialog. Kept outside a board card's drag handle,
 * so the keyboard and pointer reach it without starting a drag. `describedBy`: the card title's id.
 */
export function ReassignButton({
  task,
  describedBy,
  className,
}: {
  task: Task;
  describedBy?: string;
  className?: string;
}) {
  const [choice, setChoice] = useState<string | null>(null);

  function save() {
    const name = choice;
    setChoice(null);
    if (name !== null && name !== task.assignedTo) saveSafely(() => assignTask(task.id, name));
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        aria-describedby={describedBy}
        onClick={() => setChoice(task.assignedTo)}
      >
        Reassign
      </Button>
      <ConfirmDialog
        open={choice !== null}
        title="Reassign task"
        confirmLabel="Save"
        confirmVariant="primary"
        onConfirm={save}
        onCancel={() => setChoice(null)}
      >
        <p className="font-medium text-slate-900">{task.title}</p>
        {choice !== null ? <AssigneeSelect className="mt-3" value={choice} onChange={setChoice} /> : null}
      </ConfirmDialog>
    </>
  );
}

/**
 * A board card's footer with team sync on: 'Assigned to {name}', and for the task's author the
 * 'Reassign' button (docs/product.md#assignees). `titleId`: the card title's id.
 */
export function BoardCardAssignee({
  task,
  titleId,
  children,
}: {
  task: Task;
  titleId: string;
  /** Other controls of the card's footer, before 'Reassign'. */
  children?: ReactNode;
}) {
  const isAuthor = useIsTaskAuthor(task);
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
      <p className="text-xs font-medium text-slate-600">Assigned to {task.assignedTo}</p>
      <div className="flex items-center gap-2">
        {children}
        {isAuthor ? <ReassignButton task={task} describedBy={titleId} /> : null}
      </div>
    </div>
  );
}
