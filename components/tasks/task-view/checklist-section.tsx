'use client';

import {
  closestCenter,
  DndContext,
  pointerWithin,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { cn } from '@/lib/cn';
import { saveSafely } from '@/lib/storage/save-safely';
import {
  addChecklistItem,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setProgressFollowsChecklist,
  toggleChecklistItem,
  type ChecklistCommandResult,
} from '@/lib/storage/checklist-commands';
import { checklistOf, type ChecklistItem } from '@/lib/tasks/checklist';
import type { Task } from '@/lib/tasks/task-types';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FIELD_INPUT, FOCUS_RING } from '@/components/ui/styles';

/** The section's texts (docs/product.md#checklists). */
export const CHECKLIST_TEXTS = {
  heading: 'Checklist',
  empty: 'No items yet.',
  addLabel: 'Add an item',
  addButton: 'Add',
  follows: 'Progress follows the checklist',
  followsHint: 'Ticking an item sets the progress, and the board column follows it.',
  counts: (done: number, total: number) => `${done} of ${total} done`,
  rename: (text: string) => `Rename item "${text}"`,
  renameField: (text: string) => `New text for "${text}"`,
  moveUp: (text: string) => `Move "${text}" up`,
  moveDown: (text: string) => `Move "${text}" down`,
  remove: (text: string) => `Delete item "${text}"`,
  moved: (text: string, position: number, total: number) =>
    `"${text}" moved to position ${position} of ${total}.`,
} as const;

/** The row under the pointer; else the nearest (a drag past the list's ends). */
const rowUnderPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/** Runs a checklist command through saveSafely: its answer, or null when the browser refused the write. */
function run(command: () => ChecklistCommandResult): ChecklistCommandResult | null {
  let result: ChecklistCommandResult | null = null;
  const saved = saveSafely(() => {
    result = command();
  });
  return saved ? result : null;
}

const ICON_BUTTON = 'min-h-9 min-w-9 px-2';

/** A focus target no element has: focus goes to `Add an item`. */
const ADD_FIELD = '';

/**
 * The task view's checklist (docs/product.md#checklists): tick, rename, reorder (drag with a mouse,
 * pen or finger; `Move up`/`Move down` from the keyboard), delete, add, and the switch
 * "Progress follows the checklist". Every change is a task command, saved at once.
 */
export function ChecklistSection({ task }: { task: Task }) {
  const headingId = useId();
  const switchId = useId();
  const hintId = useId();
  const items = useMemo(() => checklistOf(task), [task]);
  const done = items.filter((item) => item.done).length;
  const [announcement, setAnnouncement] = useState('');
  // After a keyboard move or a delete, where focus goes once the list has redrawn.
  const focusTarget = useRef<string | null>(null);
  const addRef = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    const element = document.getElementById(target) as HTMLButtonElement | HTMLInputElement | null;
    if (element && !element.disabled) element.focus();
    else addRef.current?.focus();
  }, [items]);

  function move(item: ChecklistItem, toIndex: number, focusId?: string) {
    const result = run(() => moveChecklistItem(task.id, item.id, toIndex));
    if (!result?.ok || !result.written) return;
    setAnnouncement(CHECKLIST_TEXTS.moved(item.text, toIndex + 1, items.length));
    if (focusId) focusTarget.current = focusId;
  }

  function remove(index: number) {
    const item = items[index]!;
    const result = run(() => deleteChecklistItem(task.id, item.id));
    if (!result?.ok) return;
    const next = items[index + 1] ?? items[index - 1];
    focusTarget.current = next ? checkboxId(task.id, next.id) : ADD_FIELD;
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const item = items.find((candidate) => candidate.id === active.id);
    const toIndex = items.findIndex((candidate) => candidate.id === over.id);
    if (item && toIndex !== -1) move(item, toIndex);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {CHECKLIST_TEXTS.heading}
        </h3>
        {items.length > 0 ? (
          <p className="text-sm text-slate-600">{CHECKLIST_TEXTS.counts(done, items.length)}</p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{CHECKLIST_TEXTS.empty}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={rowUnderPointer} onDragEnd={handleDragEnd}>
          <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-1">
              {items.map((item, index) => (
                <ChecklistRow
                  key={item.id}
                  taskId={task.id}
                  item={item}
                  first={index === 0}
                  last={index === items.length - 1}
                  // Focus stays on the button pressed, or on the other one once the item reaches an end.
                  onMoveUp={() => move(item, index - 1, moveId(task.id, item.id, index > 1 ? 'up' : 'down'))}
                  onMoveDown={() =>
                    move(item, index + 1, moveId(task.id, item.id, index < items.length - 2 ? 'down' : 'up'))
                  }
                  onDelete={() => remove(index)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <AddItemForm taskId={task.id} inputRef={addRef} />
      <div className="flex items-start gap-2">
        <input
          id={switchId}
          type="checkbox"
          checked={task.checklistProgress === true}
          aria-describedby={hintId}
          onChange={(event) => run(() => setProgressFollowsChecklist(task.id, event.target.checked))}
          className={cn('mt-1 size-4 shrink-0 accent-brand-600', FOCUS_RING)}
        />
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-800">
            {CHECKLIST_TEXTS.follows}
          </label>
          <p id={hintId} className="text-xs text-slate-600">
            {CHECKLIST_TEXTS.followsHint}
          </p>
        </div>
      </div>
    </section>
  );
}

function checkboxId(taskId: string, itemId: string): string {
  return `checklist-${taskId}-${itemId}`;
}

function moveId(taskId: string, itemId: string, direction: 'up' | 'down'): string {
  return `checklist-${taskId}-${itemId}-${direction}`;
}

function ChecklistRow({
  taskId,
  item,
  first,
  last,
  onMoveUp,
  onMoveDown,
  onDelete,
}: {
  taskId: string;
  item: ChecklistItem;
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDelete: () => void;
}) {
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const [editing, setEditing] = useState(false);
  const id = checkboxId(taskId, item.id);
  const renameButtonId = `${id}-rename`;

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-start gap-1 rounded-lg bg-white py-1 pr-1',
        isDragging && 'relative z-10 shadow-md ring-1 ring-slate-200',
      )}
    >
      {/* The mouse, pen and touch handle; the keyboard uses the Move buttons. */}
      <span
        ref={setActivatorNodeRef}
        {...listeners}
        aria-hidden="true"
        className="mt-1.5 cursor-grab touch-none text-slate-400 hover:text-slate-600"
      >
        <GripVertical className="size-5" />
      </span>
      {editing ? (
        <RenameField
          taskId={taskId}
          item={item}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => document.getElementById(renameButtonId)?.focus());
          }}
        />
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-2 pt-1">
          <input
            id={id}
            type="checkbox"
            checked={item.done}
            onChange={(event) => run(() => toggleChecklistItem(taskId, item.id, event.target.checked))}
            className={cn('mt-1 size-4 shrink-0 accent-brand-600', FOCUS_RING)}
          />
          <label
            htmlFor={id}
            className={cn(
              'min-w-0 flex-1 text-sm break-words text-slate-900',
              item.done && 'text-slate-600 line-through',
            )}
          >
            {item.text}
          </label>
        </div>
      )}
      {editing ? null : (
        <div className="flex shrink-0">
          <IconButton
            id={renameButtonId}
            label={CHECKLIST_TEXTS.rename(item.text)}
            icon={Pencil}
            onClick={() => setEditing(true)}
          />
          <IconButton
            id={moveId(taskId, item.id, 'up')}
            label={CHECKLIST_TEXTS.moveUp(item.text)}
            icon={ArrowUp}
            disabled={first}
            onClick={onMoveUp}
          />
          <IconButton
            id={moveId(taskId, item.id, 'down')}
            label={CHECKLIST_TEXTS.moveDown(item.text)}
            icon={ArrowDown}
            disabled={last}
            onClick={onMoveDown}
          />
          <IconButton
            label={CHECKLIST_TEXTS.remove(item.text)}
            icon={Trash2}
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
          />
        </div>
      )}
    </li>
  );
}

/** A small button showing only an icon; `label` is its name and its tooltip. */
function IconButton({
  label,
  icon: Icon,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'children'> & { label: string; icon: LucideIcon }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(ICON_BUTTON, className)}
      aria-label={label}
      title={label}
      {...props}
    >
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  );
}

/**
 * The item's text, editable: Enter or leaving the field saves, Escape cancels. A refused text stays in
 * the field with its message; closing the view mid-edit saves what was typed.
 */
function RenameField({ taskId, item, onDone }: { taskId: string; item: ChecklistItem; onDone: () => void }) {
  const [draft, setDraft] = useState(item.text);
  const [error, setError] = useState<string | null>(null);
  const draftRef = useRef(draft);
  const settled = useRef(false);
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
    return () => {
      // Unmounted while editing (the view closed): keep what was typed, when it may be kept.
      if (!settled.current && draftRef.current !== item.text) {
        run(() => renameChecklistItem(taskId, item.id, draftRef.current));
      }
    };
    // Only on mount and unmount: the draft is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function save() {
    const result = run(() => renameChecklistItem(taskId, item.id, draft));
    if (result === null) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    settled.current = true;
    onDone();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      // Escape cancels the edit, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      settled.current = true;
      onDone();
    }
  }

  return (
    <div className="min-w-0 flex-1">
      <input
        ref={inputRef}
        type="text"
        value={draft}
        aria-label={CHECKLIST_TEXTS.renameField(item.text)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          draftRef.current = event.target.value;
          setError(null);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          if (!settled.current && !error) save();
        }}
        className={cn(FIELD_INPUT, 'py-1.5 text-sm')}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `Add an item`: Enter adds the item, clears the field and keeps focus there for the next one. */
function AddItemForm({ taskId, inputRef }: { taskId: string; inputRef: RefObject<HTMLInputElement | null> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = run(() => addChecklistItem(taskId, text));
    if (result === null) return;
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setText('');
    setError(undefined);
    inputRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} className="flex items-start gap-2">
      <TextField
        ref={inputRef}
        label={CHECKLIST_TEXTS.addLabel}
        value={text}
        error={error}
        autoComplete="off"
        enterKeyHint="enter"
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" className="mt-7 shrink-0">
        {CHECKLIST_TEXTS.addButton}
      </Button>
    </form>
  );
}
