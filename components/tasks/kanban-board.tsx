'use client';

import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { memo, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { useBoardMarks } from '@/lib/hooks/use-board-marks';
import { usePagedList } from '@/lib/hooks/use-paged-list';
import { saveSafely } from '@/lib/storage/save-safely';
import { moveTask } from '@/lib/storage/tasks';
import { getBoardColumn, groupTasksByColumn } from '@/lib/tasks/board';
import { BOARD_COLUMNS, type BoardColumn, type Task } from '@/lib/tasks/task';
import { FOCUS_RING } from '@/components/ui/styles';
import { useTeamSyncOn } from '@/components/sync/team-sync-context';
import { ConflictMarker } from '@/components/sync/conflict-marker';
import { ShowMoreButton } from './show-more-button';
import { OlderCompletedSlot } from '@/components/sync/older-completed-slot';
import { BoardCardAssignee, TaskCardBody, taskCardClasses } from './task-card';
import { taskFocusProps } from './task-focus';
import { openTask } from './task-view/open-task';

/** Cards rendered per column at first; long columns grow on request so 5,000 tasks still render fast. */
export const COLUMN_PAGE_SIZE = 20;

/**
 * Mouse and pen drags (touch has its own sensor below, which waits a moment so that a finger can still
 * scroll the page).
 */
class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!nativeEvent.isPrimary || nativeEvent.button !== 0 || nativeEvent.pointerType === 'touch') {
          return false;
        }
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/** Keyboard drags jump a whole column per arrow press (right/down = next, left/up = previous). */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = NEXT_KEYS.has(event.code) ? 1 : PREVIOUS_KEYS.has(event.code) ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const from = (over?.id ?? active.data.current?.column) as BoardColumn | undefined;
  const index = BOARD_COLUMNS.indexOf(from ?? 'To Do');
  const target = BOARD_COLUMNS[Math.min(BOARD_COLUMNS.length - 1, Math.max(0, index + step))];
  const rect = target ? droppableRects.get(target) : undefined;
  if (!rect) return undefined;
  // Side-by-side columns: slide across at the card's current height (in view, inside the target, since
  // the columns of a row are equally tall). Stacked columns (narrow screens): the nearest point of the
  // target column, straight up or down.
  const clamp = (value: number, min: number, max: number) =>
    Math.min(Math.max(value, min), Math.max(min, max));
  return {
    x: clamp(collisionRect.left, rect.left, rect.right - collisionRect.width),
    y: clamp(collisionRect.top, rect.top, rect.bottom - collisionRect.height),
  };
};

const INSTRUCTIONS =
  'To open a task, press Enter. To move it to another column, press Space to pick it up, use the arrow keys ' +
  'to choose a column, then press Space or Enter to drop it. Press Escape to cancel.';

/** Space picks a card up (Enter opens it: docs/product.md#the-task-view); either drops it. */
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** A click that ends a drag is not a click on the card: the time the last drag ended. */
let lastDragEndMs = 0;
const DRAG_CLICK_GUARD_MS = 300;

/**
 * What opens a card's task: a click or tap that was not the end of a drag, and Enter while no card is
 * being moved (while one is, Enter drops it). `keyDown`: the drag handle's own keyboard listener.
 */
function openerProps(
  task: Task,
  moving: boolean,
  // dnd-kit types its listeners as `Function`.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  keyDown: Function | undefined,
) {
  return {
    onClick: () => {
      if (Date.now() - lastDragEndMs > DRAG_CLICK_GUARD_MS) openTask(task);
    },
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && !moving) {
        event.preventDefault();
        openTask(task);
        return;
      }
      keyDown?.(event);
    },
  };
}

function announcements(titleOf: (id: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up task "${titleOf(active.id)}".`,
    onDragOver: ({ active, over }) =>
      over
        ? `Task "${titleOf(active.id)}" is over the ${over.id} column.`
        : `Task "${titleOf(active.id)}" is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Task "${titleOf(active.id)}" was dropped in the ${over.id} column.`
        : `Task "${titleOf(active.id)}" was dropped outside the board and stays where it was.`,
    onDragCancel: ({ active }) => `Moving task "${titleOf(active.id)}" was cancelled.`,
  };
}

/**
 * Saves a drop. Returns whether the list was written: a drop on the card's own column changes nothing,
 * and a refused write (full storage) has been shown to the user and changed nothing either.
 */
function saveDrop(taskId: string, column: BoardColumn): boolean {
  let moved = false;
  saveSafely(() => {
    moved = moveTask(taskId, column);
  });
  return moved;
}

/** The board: three columns; a drop saves the list at once, progress unchanged (docs/product.md#board). */
export function KanbanBoard({ tasks }: { tasks: readonly Task[] }) {
  const columns = useMemo(() => groupTasksByColumn(tasks), [tasks]);
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const { timeDrop } = useBoardMarks(tasks);
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const teamSync = useTeamSyncOn();
  const titleOf = (id: string | number) => byId.get(String(id))?.title ?? 'task';
  const activeTask = activeId ? byId.get(activeId) : undefined;

  function handleDragStart({ active }: DragStartEvent) {
    setActiveId(String(active.id));
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    lastDragEndMs = Date.now();
    if (over) timeDrop(() => saveDrop(String(active.id), over.id as BoardColumn));
  }

  return (
    <DndContext
      sensors={sensors}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        lastDragEndMs = Date.now();
      }}
      accessibility={{
        announcements: announcements(titleOf),
        screenReaderInstructions: { draggable: INSTRUCTIONS },
      }}
    >
      <div className="grid gap-4 md:grid-cols-3">
        {BOARD_COLUMNS.map((column) => (
          <BoardColumnView
            key={column}
            column={column}
            tasks={columns[column]}
            activeId={activeId}
            teamSync={teamSync}
          />
        ))}
      </div>
      <DragOverlay>
        {activeTask ? (
          <div className={cn(taskCardClasses(activeTask), 'cursor-grabbing shadow-lg ring-2 ring-brand-600')}>
            <TaskCardBody task={activeTask} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardColumnView({
  column,
  tasks,
  activeId,
  teamSync,
}: {
  column: BoardColumn;
  tasks: Task[];
  activeId: string | null;
  teamSync: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column });
  const paged = usePagedList(tasks, COLUMN_PAGE_SIZE);
  const headingId = `board-column-${column.replace(/\s+/g, '-').toLowerCase()}`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column}
      className={cn(
        'flex min-h-40 flex-col rounded-2xl border bg-slate-50 p-3 transition-colors',
        isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 pb-3 font-semibold text-slate-800">
        {column}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-200">
          {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'}
        </span>
      </h2>
      {tasks.length === 0 ? (
        <p className="px-1 py-6 text-center text-sm text-slate-500">No tasks here.</p>
      ) : (
        <ul className="space-y-3">
          {paged.visible.map((task) => (
            <li key={task.id}>
              {teamSync ? (
                <AssignableCard task={task} dragging={activeId === task.id} moving={activeId !== null} />
              ) : (
                <DraggableCard task={task} dragging={activeId === task.id} moving={activeId !== null} />
              )}
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton list={paged} size="sm" className="mt-3" />
      {teamSync && column === 'Completed' ? <OlderCompletedSlot className="mt-3" /> : null}
    </section>
  );
}

function cardId(task: Task): string {
  return `task-card-${task.id}`;
}

type CardProps = { task: Task; dragging: boolean; moving: boolean };

/** Memoised: an edit of one task redraws its card only (a board shows up to 60 at first). */
const DraggableCard = memo(function DraggableCard({ task, dragging, moving }: CardProps) {
  const column = getBoardColumn(task);
  const { attributes, listeners, setNodeRef } = useDraggable({ id: task.id, data: { column } });
  return (
    <div
      ref={setNodeRef}
      id={cardId(task)}
      {...taskFocusProps(task.id)}
      {...attributes}
      {...listeners}
      {...openerProps(task, moving, listeners?.onKeyDown)}
      aria-roledescription="draggable task"
      className={cn(
        taskCardClasses(task),
        'cursor-grab touch-manipulation select-none',
        FOCUS_RING,
        dragging && 'opacity-40',
      )}
    >
      <TaskCardBody task={task} />
    </div>
  );
});

/**
 * A card with team sync on: the card is the drag source, but only its body is the drag handle, so
 * the footer's controls (the replaced-values marker, 'Reassign') are reached by keyboard and pointer
 * without starting a drag (and no button sits inside the handle's role="button").
 */
const AssignableCard = memo(function AssignableCard({ task, dragging, moving }: CardProps) {
  const column = getBoardColumn(task);
  const titleId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: task.id,
    data: { column },
  });
  return (
    <div ref={setNodeRef} className={cn(taskCardClasses(task), dragging && 'opacity-40')}>
      <div
        ref={setActivatorNodeRef}
        id={cardId(task)}
        {...taskFocusProps(task.id)}
        {...attributes}
        {...listeners}
        {...openerProps(task, moving, listeners?.onKeyDown)}
        aria-roledescription="draggable task"
        className={cn('-m-1 cursor-grab touch-manipulation rounded-lg p-1 select-none', FOCUS_RING)}
      >
        <TaskCardBody task={task} titleId={titleId} />
      </div>
      <BoardCardAssignee task={task} titleId={titleId}>
        <ConflictMarker task={task} returnFocus={() => document.getElementById(cardId(task))} />
      </BoardCardAssignee>
    </div>
  );
});
