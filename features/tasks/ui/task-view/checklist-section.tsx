'use client';

import { closestCenter, DndContext, pointerWithin, type CollisionDetection } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId, useMemo, useRef } from 'react';
import { cn } from '@/shared/cn';
import { setProgressFollowsChecklist } from '@/features/tasks/client/checklist-commands';
import { checklistOf } from '@/features/tasks/model/checklist';
import type { Task } from '@/features/tasks/model/task-types';
import { FOCUS_RING } from '@/shared/ui/styles';
import { AddItemForm } from './checklist-add-item-form';
import { ChecklistRow } from './checklist-row';
import { CHECKLIST_TEXTS, run } from './checklist-shared';
import { useChecklistMoves } from './use-checklist-moves';

/** The row under the pointer; else the nearest (a drag past the list's ends). */
const rowUnderPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/**
 * The task view's checklist (docs/product.md#checklists): tick, rename, reorder (drag with a mouse,
 * pen or finger; `Move up`/`Move down` from the keyboard), delete, add, and the switch
 * "Progress follows the checklist". Every change is a task command, saved at once.
 */
export function ChecklistSection({ task }: { task: Task }) {
  const headingId = useId();
  const items = useMemo(() => checklistOf(task), [task]);
  const done = items.filter((item) => item.done).length;
  const addRef = useRef<HTMLInputElement>(null);
  const { announcement, sensors, moveUp, moveDown, remove, handleDragEnd } = useChecklistMoves(
    task.id,
    items,
    addRef,
  );

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
                  onMoveUp={() => moveUp(index)}
                  onMoveDown={() => moveDown(index)}
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
      <ProgressFollowsSwitch task={task} />
    </section>
  );
}

/** The switch "Progress follows the checklist", with its hint. */
function ProgressFollowsSwitch({ task }: { task: Task }) {
  const switchId = useId();
  const hintId = useId();
  return (
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
  );
}
