'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/shared/cn';
import { toggleChecklistItem } from '@/features/tasks/client/checklist-commands';
import type { ChecklistItem } from '@/features/tasks/model/checklist';
import { Button } from '@/shared/ui/button';
import { FOCUS_RING } from '@/shared/ui/styles';
import { RenameField } from './checklist-rename-field';
import { CHECKLIST_TEXTS, checkboxId, moveId, run } from './checklist-shared';

const ICON_BUTTON = 'min-h-9 min-w-9 px-2';

interface RowMoves {
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDelete: () => void;
}

/** One checklist item: its drag handle, its checkbox (or the rename field) and its buttons. */
export function ChecklistRow({ taskId, item, ...moves }: { taskId: string; item: ChecklistItem } & RowMoves) {
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const [editing, setEditing] = useState(false);
  const renameButtonId = `${checkboxId(taskId, item.id)}-rename`;

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
        <ItemCheckbox taskId={taskId} item={item} />
      )}
      {editing ? null : (
        <RowButtons
          taskId={taskId}
          item={item}
          renameButtonId={renameButtonId}
          onRename={() => setEditing(true)}
          {...moves}
        />
      )}
    </li>
  );
}

/** The item's checkbox and its text as the label: ticking saves at once. */
function ItemCheckbox({ taskId, item }: { taskId: string; item: ChecklistItem }) {
  const id = checkboxId(taskId, item.id);
  return (
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
  );
}

/** `Rename`, `Move up`, `Move down` and `Delete` for one item. */
function RowButtons({
  taskId,
  item,
  renameButtonId,
  onRename,
  first,
  last,
  onMoveUp,
  onMoveDown,
  onDelete,
}: { taskId: string; item: ChecklistItem; renameButtonId: string; onRename: () => void } & RowMoves) {
  return (
    <div className="flex shrink-0">
      <IconButton
        id={renameButtonId}
        label={CHECKLIST_TEXTS.rename(item.text)}
        icon={Pencil}
        onClick={onRename}
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
