'use client';

import { Plus } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { cn } from '@/shared/cn';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { addTask } from '@/features/tasks/client/task-commands';
import { useBoardScope } from './board-scope';
import { TASK_TITLE_MAX_LENGTH } from '@/features/tasks/model/task-patch';
import type { Task } from '@/features/tasks/model/task-types';
import { Button } from '@/shared/ui/button';
import { FIELD_INPUT, FOCUS_RING } from '@/shared/ui/styles';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { useSelfAssignee } from './assignee-picker';

/** What the foot of a board column says (docs/product.md#capture). */
export const COLUMN_ADD_TEXTS = {
  open: 'Add task',
  label: (column: string) => `Title of a new task in ${column}`,
  placeholder: 'Task title',
  hint: 'Enter adds it; Escape closes.',
  add: 'Add',
  close: 'Close',
  added: (title: string, column: string) => `Added "${title}" to ${column}.`,
} as const;

interface ColumnAddTaskProps {
  /** The column's name. */
  column: string;
  /** Places the new task at the column's foot (features/tasks/ui/board-model.ts placeNew). */
  place: (tasks: readonly Task[], taskId: string) => Task[];
}

/**
 * `+ Add task` at the foot of a board column (docs/product.md#capture): a one-line title field; Enter
 * adds the task to this column (as a drop there would place it) and keeps the field open, empty, for
 * the next; Escape (or Close) closes it and gives the focus back to the button. A blank title adds
 * nothing.
 */
export function ColumnAddTask({ column, place }: ColumnAddTaskProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [added, setAdded] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const teamSync = useTeamSyncOn();
  const self = useSelfAssignee();
  const scope = useBoardScope();
  const id = useId();

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
    setTitle('');
    setAdded('');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveSafely(() => {
      const task = addTask(
        { title, description: '', deadline: '', titleOnly: true },
        // With team sync the task is bound to the signed-in user, as the form's default assigns.
        { place, ...(teamSync ? { assignee: self } : {}), fields: scope?.newTaskFields },
      );
      if (!task) return;
      setTitle('');
      setAdded(COLUMN_ADD_TEXTS.added(task.title, column));
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  }

  // A read-only board (an archived project's) takes no new task.
  if (scope?.readOnly) return null;
  if (!open) return <OpenButton buttonRef={buttonRef} onOpen={() => setOpen(true)} />;

  return (
    <form onSubmit={handleSubmit} className="mt-3 space-y-2" aria-describedby={`${id}-hint`}>
      <label htmlFor={`${id}-title`} className="sr-only">
        {COLUMN_ADD_TEXTS.label(column)}
      </label>
      <input
        id={`${id}-title`}
        // Opened by a click or a key on the button: the field takes the focus at once.
        autoFocus
        className={cn(FIELD_INPUT, 'py-2 text-sm')}
        value={title}
        maxLength={TASK_TITLE_MAX_LENGTH}
        placeholder={COLUMN_ADD_TEXTS.placeholder}
        autoComplete="off"
        enterKeyHint="done"
        aria-describedby={`${id}-hint`}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm">
          {COLUMN_ADD_TEXTS.add}
        </Button>
        <Button variant="secondary" size="sm" onClick={close}>
          {COLUMN_ADD_TEXTS.close}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {COLUMN_ADD_TEXTS.hint}
        </p>
      </div>
      <p role="status" className="sr-only">
        {added}
      </p>
    </form>
  );
}

/** The closed state: `+ Add task`, which opens the title field (and gets the focus back on close). */
function OpenButton({
  buttonRef,
  onOpen,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onOpen}
      className={cn(
        'mt-3 flex w-full items-center gap-1.5 rounded-lg px-2 py-2 text-left text-sm font-semibold text-slate-700 hover:bg-white hover:text-slate-900',
        FOCUS_RING,
      )}
    >
      <Plus className="size-4" aria-hidden="true" />
      {COLUMN_ADD_TEXTS.open}
    </button>
  );
}
