'use client';

import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Over,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { memo, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { useBoardMarks } from '@/lib/hooks/use-board-marks';
import { usePagedList } from '@/lib/hooks/use-paged-list';
import { saveSafely } from '@/lib/storage/save-safely';
import { moveTask } from '@/lib/storage/tasks';
import { orderTasksByColumn, type TasksByColumn } from '@/lib/tasks/board';
import { placeInColumn } from '@/lib/tasks/rank';
import { BOARD_COLUMNS, type BoardColumn, type Task } from '@/lib/tasks/task';
import { FOCUS_RING } from '@/components/ui/styles';
import { useTeamSyncOn } from '@/components/sync/team-sync-context';
import { ConflictMarker } from '@/components/sync/conflict-marker';
import { ShowMoreButton } from './show-more-button';
import { OlderCompletedSlot } from '@/components/sync/older-completed-slot';
import { ColumnAddTask } from './column-add-task';
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

/** Whether a droppable id is a column's (the cards' ids are task ids). */
function isColumnId(id: string | number): id is BoardColumn {
  return (BOARD_COLUMNS as readonly (string | number)[]).includes(id);
}

/** The column a droppable is or belongs to: a column, or a card's sortable list (named by its column). */
function columnOf(target: Active | Over | null | undefined): BoardColumn | undefined {
  if (!target) return undefined;
  if (isColumnId(target.id)) return target.id;
  const container = target.data.current?.sortable?.containerId as unknown;
  return isColumnId(container as string) ? (container as BoardColumn) : undefined;
}

/** Left and right jump a whole column (in both layouts: side by side, or stacked on narrow screens). */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, over, collisionRect, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  const from = columnOf(over) ?? columnOf(active);
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

/**
 * Keyboard moves (docs/product.md#board): left and right choose the column, up and down the place in
 * it (dnd-kit's sortable steps, among the cards of the column the card is over only).
 */
const boardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') return columnCoordinates(event, args);
  if (event.code !== 'ArrowUp' && event.code !== 'ArrowDown') return undefined;
  const { context } = args;
  const column = columnOf(context.over) ?? columnOf(context.active);
  const all = context.droppableContainers;
  const inColumn = all.getEnabled().filter((entry) => entry.data.current?.sortable?.containerId === column);
  const droppableContainers = {
    getEnabled: () => inColumn,
    get: (id: string | number) => all.get(id),
  } as unknown as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...context, droppableContainers } });
};

/**
 * The column under the pointer, or for a keyboard drag (no pointer) the column that holds the middle of
 * the dragged card, where the arrow keys put it: nearest corners alone would pick a card of the column
 * it came from, whose corners sit beside it.
 */
function columnUnder(args: Parameters<CollisionDetection>[0]): { id: BoardColumn } | undefined {
  if (args.pointerCoordinates) {
    const hit = pointerWithin(args).find((collision) => isColumnId(collision.id));
    return hit ? { id: hit.id as BoardColumn } : undefined;
  }
  const { collisionRect, droppableRects } = args;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  const id = BOARD_COLUMNS.find((name) => {
    const rect = droppableRects.get(name);
    return rect !== undefined && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  });
  return id ? { id } : undefined;
}

/**
 * Within a column (under the pointer, or holding the keyboard-moved card's middle), the nearest card (so
 * the gaps between cards and the space under the last one count too), the column itself when it has
 * none; outside every column, the nearest corners.
 */
const boardCollisions: CollisionDetection = (args) => {
  const column = columnUnder(args);
  if (!column) return closestCorners(args);
  const cards = args.droppableContainers.filter(
    (entry) => entry.data.current?.sortable?.containerId === column.id,
  );
  return cards.length > 0 ? closestCenter({ ...args, droppableContainers: cards }) : [column];
};

const INSTRUCTIONS =
  'To open a task, press Enter. To move it, press Space to pick it up, use the left and right arrow keys ' +
  'to choose a column and the up and down arrow keys to choose its place in the column, then press Space ' +
  'or Enter to drop it. Press Escape to cancel.';

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

/** Where a drop would put the card: its column, and its index among that column's other cards. */
type DropPlace = { column: BoardColumn; index: number; others: Task[] };

/**
 * Where the card `active` goes when dropped on `over` (docs/product.md#board): on a card of its own
 * column, that card's place (dnd-kit's sortable order); on a card of another column, before it, or
 * after it when the dragged card's top is below its middle; on a column, after its last card shown.
 */
function dropPlace(columns: TasksByColumn, active: Active, over: Over | null): DropPlace | null {
  const column = columnOf(over);
  if (!over || !column) return null;
  const activeId = String(active.id);
  const list = columns[column];
  const others = list.filter((task) => task.id !== activeId);
  if (isColumnId(over.id)) {
    const shown = (over.data.current?.shown as number | undefined) ?? list.length;
    const shownOthers = list.slice(0, shown).filter((task) => task.id !== activeId).length;
    return { column, index: shownOthers, others };
  }
  const overId = String(over.id);
  const from = list.findIndex((task) => task.id === activeId);
  const to = list.findIndex((task) => task.id === overId);
  if (to === -1) return null;
  // Its own column: dnd-kit's sortable order (the card takes the place of the one it is over).
  if (from !== -1) return { column, index: to, others };
  const top = active.rect.current.translated?.top ?? over.rect.top;
  const below = top > over.rect.top + over.rect.height / 2;
  return { column, index: others.findIndex((task) => task.id === overId) + (below ? 1 : 0), others };
}

function announcements(
  titleOf: (id: string | number) => string,
  placeOf: (active: Active, over: Over | null) => DropPlace | null,
): Announcements {
  const where = (active: Active, over: Over | null) => {
    const place = placeOf(active, over);
    return place
      ? `the ${place.column} column. Place ${place.index + 1} of ${place.others.length + 1}.`
      : null;
  };
  return {
    onDragStart: ({ active }) => `Picked up task "${titleOf(active.id)}".`,
    onDragOver: ({ active, over }) => {
      const place = where(active, over);
      return place
        ? `Task "${titleOf(active.id)}" is over ${place}`
        : `Task "${titleOf(active.id)}" is not over a column.`;
    },
    onDragEnd: ({ active, over }) => {
      const place = where(active, over);
      return place
        ? `Task "${titleOf(active.id)}" was dropped in ${place}`
        : `Task "${titleOf(active.id)}" was dropped outside the board and stays where it was.`;
    },
    onDragCancel: ({ active }) => `Moving task "${titleOf(active.id)}" was cancelled.`,
  };
}

/**
 * Saves a drop (docs/product.md#board): the card goes to the place's column, at its index (lib/tasks/rank.ts
 * gives it, and sometimes a few neighbours, a new rank). Returns whether the list was written: a drop on
 * the card's own place changes nothing, and a refused write (full storage) has been shown to the user
 * and changed nothing either.
 */
function saveDrop(
  taskId: string,
  place: DropPlace,
  from: BoardColumn | undefined,
  fromIndex: number,
): boolean {
  if (place.column === from && place.index === fromIndex) return false;
  let moved = false;
  saveSafely(() => {
    moved = moveTask(taskId, place.column, placeInColumn(place.others, taskId, place.index));
  });
  return moved;
}

/** The board: three columns; a drop saves the list at once, progress unchanged (docs/product.md#board). */
export function KanbanBoard({ tasks }: { tasks: readonly Task[] }) {
  const columns = useMemo(() => orderTasksByColumn(tasks), [tasks]);
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overColumn, setOverColumn] = useState<BoardColumn | null>(null);
  const { timeDrop } = useBoardMarks(tasks);
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const teamSync = useTeamSyncOn();
  const titleOf = (id: string | number) => byId.get(String(id))?.title ?? 'task';
  const placeOf = (active: Active, over: Over | null) => dropPlace(columns, active, over);
  const activeTask = activeId ? byId.get(activeId) : undefined;

  function handleDragStart({ active }: DragStartEvent) {
    setActiveId(String(active.id));
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    setOverColumn(null);
    lastDragEndMs = Date.now();
    const place = dropPlace(columns, active, over);
    if (!place) return;
    const from = columnOf(active);
    const fromIndex = from ? columns[from].findIndex((task) => task.id === String(active.id)) : -1;
    timeDrop(() => saveDrop(String(active.id), place, from, fromIndex));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      onDragStart={handleDragStart}
      onDragOver={({ over }) => setOverColumn(columnOf(over) ?? null)}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setOverColumn(null);
        lastDragEndMs = Date.now();
      }}
      accessibility={{
        announcements: announcements(titleOf, placeOf),
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
            highlighted={overColumn === column}
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
  highlighted,
  teamSync,
}: {
  column: BoardColumn;
  tasks: Task[];
  activeId: string | null;
  highlighted: boolean;
  teamSync: boolean;
}) {
  const paged = usePagedList(tasks, COLUMN_PAGE_SIZE);
  const { setNodeRef } = useDroppable({ id: column, data: { shown: paged.visible.length } });
  const ids = useMemo(() => paged.visible.map((task) => task.id), [paged.visible]);
  const headingId = `board-column-${column.replace(/\s+/g, '-').toLowerCase()}`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column}
      className={cn(
        'flex min-h-40 flex-col rounded-2xl border bg-slate-50 p-3 transition-colors',
        highlighted ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
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
        <SortableContext id={column} items={ids} strategy={verticalListSortingStrategy}>
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
        </SortableContext>
      )}
      <ShowMoreButton list={paged} size="sm" className="mt-3" />
      <ColumnAddTask column={column} />
      {teamSync && column === 'Completed' ? <OlderCompletedSlot className="mt-3" /> : null}
    </section>
  );
}

function cardId(task: Task): string {
  return `task-card-${task.id}`;
}

type CardProps = { task: Task; dragging: boolean; moving: boolean };

/** A card's sortable hooks, and the style that slides it while another card passes it. */
function useSortableCard(task: Task) {
  const sortable = useSortable({ id: task.id });
  const { transform, transition } = sortable;
  const style = transform
    ? { transform: `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`, transition }
    : { transition };
  return { ...sortable, style };
}

/** Memoised: an edit of one task redraws its card only (a board shows up to 60 at first). */
const DraggableCard = memo(function DraggableCard({ task, dragging, moving }: CardProps) {
  const { attributes, listeners, setNodeRef, style } = useSortableCard(task);
  return (
    <div
      ref={setNodeRef}
      id={cardId(task)}
      {...taskFocusProps(task.id)}
      style={style}
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
  const titleId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style } = useSortableCard(task);
  return (
    <div ref={setNodeRef} style={style} className={cn(taskCardClasses(task), dragging && 'opacity-40')}>
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
