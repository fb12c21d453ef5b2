'use client';

import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { memo, startTransition, useEffect, useId, useMemo, useState } from 'react';
import { cn } from '@/shared/cn';
import { useBoardMarks } from '@/features/tasks/ui/use-board-marks';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { placeInColumn } from '@/features/tasks/model/rank';
import type { Task } from '@/features/tasks/model/task-types';
import { FOCUS_RING } from '@/shared/ui/styles';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { ShowMoreButton } from './show-more-button';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import { ColumnAddTask } from './column-add-task';
import {
  announcements,
  boardDrag,
  INSTRUCTIONS,
  KEYBOARD_CODES,
  MouseAndPenSensor,
  type DropPlace,
} from './board-drag';
import { useBoardModel, type BoardModel, type ShownColumn } from './board-model';
import { BoardCardFooter, TaskCardBody, taskCardClasses } from './task-card';
import { taskFocusProps } from './task-focus';
import { openTask } from './task-view/open-task';

/** Cards rendered per column at first; long columns grow on request so 5,000 tasks still render fast. */
export const COLUMN_PAGE_SIZE = 20;

/**
 * Cards a column draws in the board's first frame: the rest of its first page follows as soon as that
 * frame is painted, so the first cards show sooner on a long board (bench:board, 5,000 tasks).
 */
const FIRST_FRAME_CARDS = 6;

/** False until the board's first frame has been painted; then true for good. */
function useFirstFramePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A task queued from the next animation frame runs once that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

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

/**
 * Saves a drop (docs/product.md#board): the card goes to the place's column, at its index (features/tasks/model/rank.ts
 * gives it, and sometimes a few neighbours, a new rank). Returns whether the list was written: a drop on
 * the card's own place changes nothing, and a refused write (full storage) has been shown to the user
 * and changed nothing either.
 */
function saveDrop(
  model: BoardModel,
  taskId: string,
  place: DropPlace,
  from: string | undefined,
  fromIndex: number,
): boolean {
  if (place.column === from && place.index === fromIndex) return false;
  let moved = false;
  saveSafely(() => {
    moved = model.drop(taskId, place.column, placeInColumn(place.others, taskId, place.index));
  });
  return moved;
}

/** Mouse and pen, touch, and the keyboard (its arrow keys as `coordinates` say). */
function useBoardSensors(coordinates: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: coordinates, keyboardCodes: KEYBOARD_CODES }),
  );
}

/** Three columns share the width (the spec's board); any other number scroll sideways when they do not fit. */
function gridClasses(count: number): string {
  return cn(
    'grid gap-4',
    count === 3
      ? 'md:grid-cols-3'
      : 'md:auto-cols-[minmax(18rem,1fr)] md:grid-flow-col md:overflow-x-auto md:pb-2',
  );
}

/**
 * The board: the spec's three columns, or a project's own (features/tasks/ui/board-model.ts); a drop
 * saves the list at once (docs/product.md#board).
 */
export function KanbanBoard({ tasks }: { tasks: readonly Task[] }) {
  const model = useBoardModel();
  const columns = useMemo(() => model.group(tasks), [model, tasks]);
  const { columnOf, boardCoordinates, boardCollisions, dropPlace } = useMemo(
    () => boardDrag(model.columns.map((column) => column.id)),
    [model],
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overColumn, setOverColumn] = useState<string | null>(null);
  const { timeDrop } = useBoardMarks(tasks);
  const sensors = useBoardSensors(boardCoordinates);
  const teamSync = useTeamSyncOn();
  const firstFramePainted = useFirstFramePainted();
  // Looked up when a drag needs it, not indexed on every render (5,000 tasks in bench:board).
  const titleOf = (id: string | number) => tasks.find((task) => task.id === String(id))?.title ?? 'task';
  const placeOf = (active: Active, over: Over | null) => dropPlace(columns, active, over);
  const nameOf = (id: string) => model.columns.find((column) => column.id === id)?.name ?? id;
  // Team sync's older completed tasks follow the first done column.
  const firstDone = model.columns.find((column) => column.done)?.id;
  const activeTask = useMemo(
    () => (activeId ? tasks.find((task) => task.id === activeId) : undefined),
    [activeId, tasks],
  );

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
    const fromIndex = from ? (columns[from] ?? []).findIndex((task) => task.id === String(active.id)) : -1;
    timeDrop(() => saveDrop(model, String(active.id), place, from, fromIndex));
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
        announcements: announcements(titleOf, placeOf, nameOf),
        screenReaderInstructions: { draggable: INSTRUCTIONS },
      }}
    >
      <div className={gridClasses(model.columns.length)}>
        {model.columns.map((column) => (
          <BoardColumnView
            key={column.id}
            column={column}
            tasks={columns[column.id] ?? NO_TASKS}
            activeId={activeId}
            highlighted={overColumn === column.id}
            teamSync={teamSync}
            firstFrame={!firstFramePainted}
            olderCompleted={column.id === firstDone}
            placeNew={model.placeNew}
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

const NO_TASKS: Task[] = [];

function BoardColumnView({
  column,
  tasks,
  activeId,
  highlighted,
  teamSync,
  firstFrame,
  olderCompleted,
  placeNew,
}: {
  column: ShownColumn;
  tasks: Task[];
  activeId: string | null;
  highlighted: boolean;
  teamSync: boolean;
  /** The board's first frame: only the first few cards (FIRST_FRAME_CARDS). */
  firstFrame: boolean;
  /** Team sync's `Older completed tasks` at its foot. */
  olderCompleted: boolean;
  placeNew: BoardModel['placeNew'];
}) {
  const paged = usePagedList(tasks, COLUMN_PAGE_SIZE);
  const visible = useMemo(
    () => (firstFrame ? paged.visible.slice(0, FIRST_FRAME_CARDS) : paged.visible),
    [firstFrame, paged.visible],
  );
  const { setNodeRef } = useDroppable({ id: column.id, data: { shown: visible.length } });
  const ids = useMemo(() => visible.map((task) => task.id), [visible]);
  const { OlderCompleted } = useTaskSlots();
  const headingId = `board-column-${column.id.replace(/\s+/g, '-').toLowerCase()}`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column.name}
      className={cn(
        'flex min-h-40 flex-col rounded-2xl border bg-slate-50 p-3 transition-colors',
        highlighted ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
      )}
    >
      <ColumnHeading id={headingId} column={column} count={tasks.length} />
      {tasks.length === 0 ? (
        <p className="px-1 py-6 text-center text-sm text-slate-500">No tasks here.</p>
      ) : (
        <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
          <ul className="space-y-3">
            {visible.map((task) => (
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
      <ColumnAddTask column={column.name} place={placeNew(column.id)} />
      {teamSync && olderCompleted ? <OlderCompleted className="mt-3" /> : null}
    </section>
  );
}

/** What a column's heading says beside its name (docs/product.md#board, #project-columns). */
export const COLUMN_HEADING_TEXTS = {
  count: (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`,
  wipLimit: (limit: number) => `WIP limit ${limit}`,
  overLimit: (limit: number) => `Over WIP limit ${limit}`,
} as const;

const HEADING_BADGE = 'rounded-full px-2 py-0.5 text-xs font-semibold ring-1';

/** A column's name, its count and, when it has one, its WIP limit (flagged once the count is over it). */
function ColumnHeading({ id, column, count }: { id: string; column: ShownColumn; count: number }) {
  const over = column.wipLimit !== null && count > column.wipLimit;
  return (
    <h2 id={id} className="flex flex-wrap items-center gap-2 px-1 pb-3 font-semibold text-slate-800">
      <span className="mr-auto min-w-0 break-words">{column.name}</span>
      <span className={cn(HEADING_BADGE, 'bg-white text-slate-600 ring-slate-200')}>
        {COLUMN_HEADING_TEXTS.count(count)}
      </span>
      {column.wipLimit !== null ? (
        <span
          className={cn(
            HEADING_BADGE,
            over ? 'bg-red-50 text-red-800 ring-red-300' : 'bg-white text-slate-600 ring-slate-200',
          )}
        >
          {over
            ? COLUMN_HEADING_TEXTS.overLimit(column.wipLimit)
            : COLUMN_HEADING_TEXTS.wipLimit(column.wipLimit)}
        </span>
      ) : null}
    </h2>
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
      <BoardCardFooter task={task} titleId={titleId} focusId={cardId(task)} />
    </div>
  );
});
