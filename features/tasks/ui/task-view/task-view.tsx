'use client';

import { X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { splitLinks } from '@/shared/format/links';
import { useAutosave } from '@/shared/hooks/use-autosave';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { assignTask, completeTask, updateTask } from '@/features/tasks/client/task-commands';
import { tasksStore } from '@/features/tasks/client/tasks';
import { isTaskDone } from '@/features/tasks/model/completion';
import { findTaskByKey } from '@/features/tasks/model/task-link';
import { assigneeName, TASK_PRIORITIES, type Task } from '@/features/tasks/model/task-types';
import {
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
  type TaskPatch,
} from '@/features/tasks/model/task-patch';
import { taskCreatedAt, taskUpdatedAt } from '@/features/tasks/model/task-stamps';
import { Button } from '@/shared/ui/button';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import { SelectField } from '@/shared/ui/select-field';
import { FIELD_INPUT, FIELD_LOOK, TEXT_LINK } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { AssigneeSelect, currentAssignee, useIsTaskAuthor } from '../assignee-picker';
import { deleteTaskWithUndo, TASK_REMOVED_TOAST } from '../delete-task';
import { ChecklistSection } from './checklist-section';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import { LabelsSection } from './labels-section';
import { PROGRESS_FOLLOWS_CHECKLIST, ProgressSlider } from '../progress-slider';
import { closeTaskView } from './open-task';
import { RepeatSection } from './repeat-section';
import { onFirstUse } from '@/shared/format/on-first-use';

/** Typing in the title or description saves once it pauses this long (as Notes do). */
export const TASK_VIEW_AUTOSAVE_DELAY_MS = 500;

export const TASK_VIEW_TEXTS = {
  close: 'Close task',
  notFound: 'Task not found',
  notFoundBody:
    'This task is not on this device: it may have been deleted, or not have reached this device yet.',
  /** The task was shown here, then left the device while open (deleted, or no longer visible to you). */
  goneBody: 'This task has just left this device: it was deleted, or you can no longer see it.',
  links: 'Links in the description',
  progressFollowsChecklist: PROGRESS_FOLLOWS_CHECKLIST,
  created: 'Created',
  changed: 'Last changed',
  delete: 'Delete Task',
  status: 'Status',
  statusDone: 'To reopen it, lower its progress or untick a checklist item.',
  removeDeadline: 'Remove deadline',
} as const;

const STATUS_OPTIONS = ['Pending', 'Completed'] as const;

const timeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

/**
 * A task's own view (docs/product.md#the-task-view): every field, each saved as it is changed through
 * the task commands; a refused value shows its message by the field and the stored task keeps its
 * previous value. A dialog on wide screens, the whole screen at 360 px; Escape or Close goes back.
 */
export function TaskView({ taskKey, admin }: { taskKey: string; admin: boolean }) {
  const tasks = useLocalStore(tasksStore);
  const task = findTaskByKey(tasks, taskKey);
  // Shown, then gone while open (deleted elsewhere, or moved or a role changed out of sight).
  const [seen, setSeen] = useState(false);
  if (task && !seen) setSeen(true);
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { ConflictMarker } = useTaskSlots();
  return (
    <ModalDialog
      open
      labelledBy={headingId}
      onCancel={closeTaskView}
      initialFocus={closeRef}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto p-0 sm:m-auto sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[min(44rem,calc(100vw-2rem))] sm:rounded-2xl"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <h2 id={headingId} className="min-w-0 pt-1.5 text-lg font-semibold break-words">
          {task ? task.title : TASK_VIEW_TEXTS.notFound}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {/* Replaced values (team sync); an inbox `replaced` entry opens their review at once. */}
          {task ? <ConflictMarker task={task} reviewOnRequest returnFocus={() => closeRef.current} /> : null}
          <Button
            ref={closeRef}
            variant="ghost"
            size="sm"
            aria-label={TASK_VIEW_TEXTS.close}
            title={TASK_VIEW_TEXTS.close}
            onClick={closeTaskView}
            className="shrink-0"
          >
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {task ? (
        <TaskViewBody task={task} admin={admin} />
      ) : (
        <p role="status" className="px-4 py-6 text-sm text-slate-700 sm:px-6">
          {seen ? TASK_VIEW_TEXTS.goneBody : TASK_VIEW_TEXTS.notFoundBody}
        </p>
      )}
    </ModalDialog>
  );
}

function TaskViewBody({ task, admin }: { task: Task; admin: boolean }) {
  const teamSync = useTeamSyncOn();
  const { Attachments, Comments, History, InlineFiles, ProjectField, TaskKey } = useTaskSlots();
  return (
    <div className="grid gap-5 px-4 py-5 sm:px-6">
      <TaskKey task={task} className="-mb-3 text-sm" />
      <AutosavedText task={task} field="title" label="Title" maxLength={TASK_TITLE_MAX_LENGTH} />
      <AutosavedText
        task={task}
        field="description"
        label="Description"
        maxLength={TASK_DESCRIPTION_MAX_LENGTH}
        multiline
      />
      <DescriptionLinks text={task.description} />
      <InlineFiles task={task} text={task.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Priority"
          options={TASK_PRIORITIES}
          value={task.priority}
          onChange={(priority) => saveSafely(() => void updateTask(task.id, { priority }))}
        />
        <DeadlineField task={task} />
        <ProgressField task={task} />
        <AssigneeField task={task} />
        <ProjectField task={task} />
        {admin ? <StatusField task={task} /> : null}
      </div>
      {/* The task's checklist, labels and repeat sections (docs/product.md#the-task-view) go here. */}
      <ChecklistSection task={task} />
      <LabelsSection task={task} />
      <RepeatSection task={task} />
      <Attachments task={task} />
      <TaskTimes task={task} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <DeleteTaskButton task={task} />
      </div>
      {teamSync ? <Comments task={task} /> : null}
      {teamSync ? <History task={task} /> : null}
    </div>
  );
}

/**
 * Title or description: the draft follows each keystroke and is saved once typing pauses, and on
 * leaving the field or closing the view (useAutosave). While the field has focus the draft stays as
 * typed (a space at the end is not trimmed away under the cursor); a refused value stays shown with
 * its message until it is fixed, so nothing typed is lost.
 */
function AutosavedText({
  task,
  field,
  label,
  maxLength,
  multiline = false,
}: {
  task: Task;
  field: 'title' | 'description';
  label: string;
  maxLength: number;
  multiline?: boolean;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  const refused = useRef(false);
  const taskId = task.id;
  const { schedule, flush } = useAutosave((text: string) => {
    const result = saveTaskPatch(taskId, { [field]: text });
    if (result === null) return;
    refused.current = !result.ok;
    setError(result.ok ? null : result.message);
    if (result.ok && !focused.current) setDraft(null);
  }, TASK_VIEW_AUTOSAVE_DELAY_MS);

  const value = draft ?? task[field];
  const control = {
    id: inputId,
    value,
    maxLength,
    className: multiline ? `${FIELD_INPUT} min-h-32 resize-y` : FIELD_INPUT,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      flush();
      if (!refused.current) setDraft(null);
    },
    onChange: (event: { target: { value: string } }) => {
      setDraft(event.target.value);
      schedule(event.target.value);
    },
  };
  return (
    <FieldFrame inputId={inputId} label={label} error={error ?? undefined}>
      {multiline ? <textarea {...control} /> : <input {...control} />}
    </FieldFrame>
  );
}

/** One change through `updateTask`; null when storage refused it (a toast said so). */
function saveTaskPatch(taskId: string, patch: TaskPatch): ReturnType<typeof updateTask> | null {
  let result: ReturnType<typeof updateTask> | null = null;
  saveSafely(() => {
    result = updateTask(taskId, patch);
  });
  return result;
}

/** The description's web addresses as links (the description itself is edited as plain text). */
function DescriptionLinks({ text }: { text: string }) {
  const links = splitLinks(text).filter((piece) => piece.href !== undefined);
  if (links.length === 0) return null;
  return (
    <div className="-mt-2">
      <p className="text-sm font-medium text-slate-800">{TASK_VIEW_TEXTS.links}</p>
      <ul className="mt-1 space-y-1 text-sm">
        {links.map((link, index) => (
          <li key={`${index}-${link.href}`} className="break-all">
            <a href={link.href} target="_blank" rel="noopener noreferrer nofollow" className={TEXT_LINK}>
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeadlineField({ task }: { task: Task }) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  function change(value: string) {
    setDraft(value);
    const result = saveTaskPatch(task.id, { deadline: value });
    if (result === null) return;
    setError(result.ok ? null : result.message);
    if (result.ok) setDraft(null);
  }
  const value = draft ?? task.deadline;
  return (
    <FieldFrame inputId={inputId} label="Deadline" error={error ?? undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={inputId}
          type="date"
          className={`block min-w-0 flex-1 py-2.5 ${FIELD_LOOK}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => change(event.target.value)}
        />
        {/* A task may have no deadline (docs/product.md#editing-a-task); a date input has no clear of its own. */}
        {value ? (
          <Button variant="secondary" size="sm" onClick={() => change('')}>
            {TASK_VIEW_TEXTS.removeDeadline}
          </Button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

function ProgressField({ task }: { task: Task }) {
  const inputId = useId();
  const follows = task.checklistProgress === true;
  return (
    <FieldFrame
      inputId={inputId}
      label="Progress"
      hint={follows ? TASK_VIEW_TEXTS.progressFollowsChecklist : undefined}
    >
      <ProgressSlider
        task={task}
        id={inputId}
        disabled={follows}
        describedBy={follows ? `${inputId}-hint` : undefined}
      />
    </FieldFrame>
  );
}

/**
 * Team sync: the task's author picks the assignee as on Create Tasks (the server lets only the owner
 * change it); everyone else, and the default mode, sees the name.
 */
function AssigneeField({ task }: { task: Task }) {
  const teamSync = useTeamSyncOn();
  const isAuthor = useIsTaskAuthor(task);
  if (teamSync && isAuthor) {
    return (
      <AssigneeSelect
        value={currentAssignee(task)}
        onChange={(assignee) => {
          if (assignee.id !== null && assignee.id !== task.assigneeId) {
            saveSafely(() => void assignTask(task.id, assignee));
          }
        }}
      />
    );
  }
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-800">{teamSync ? 'Assigned to' : 'Assigned To'}</p>
      <p className="py-2.5 text-base text-slate-900">{assigneeName(task)}</p>
    </div>
  );
}

/**
 * Admins: Pending or Completed (Completed works as Mark as Completed). Done by the one rule
 * (features/tasks/model/completion.ts), the status is Completed and cannot be chosen back: the progress or the
 * checklist reopens the task (docs/product.md#admin-completion).
 */
function StatusField({ task }: { task: Task }) {
  const done = isTaskDone(task);
  return (
    <SelectField
      label={TASK_VIEW_TEXTS.status}
      options={STATUS_OPTIONS}
      value={done ? 'Completed' : 'Pending'}
      disabled={done}
      hint={done ? TASK_VIEW_TEXTS.statusDone : undefined}
      onChange={(status) =>
        saveSafely(() => {
          if (status === 'Completed') completeTask(task.id);
        })
      }
    />
  );
}

function TaskTimes({ task }: { task: Task }) {
  const created = taskCreatedAt(task);
  const changed = taskUpdatedAt(task);
  if (created === null && changed === null) return null;
  return (
    <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
      {created !== null ? <TimeLine label={TASK_VIEW_TEXTS.created} ms={created} /> : null}
      {changed !== null ? <TimeLine label={TASK_VIEW_TEXTS.changed} ms={changed} /> : null}
    </dl>
  );
}

function TimeLine({ label, ms }: { label: string; ms: number }) {
  const date = new Date(ms);
  return (
    <div>
      <dt className="inline">{label} </dt>
      <dd className="inline">
        <time dateTime={date.toISOString()}>{timeFormat().format(date)}</time>
      </dd>
    </div>
  );
}

function DeleteTaskButton({ task }: { task: Task }) {
  function remove() {
    if (!deleteTaskWithUndo(task.id, TASK_REMOVED_TOAST)) return;
    closeTaskView();
  }
  return (
    <Button variant="danger" onClick={remove}>
      {TASK_VIEW_TEXTS.delete}
    </Button>
  );
}
