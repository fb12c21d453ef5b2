import {
  closestCenter,
  closestCorners,
  PointerSensor,
  pointerWithin,
  type Active,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type Over,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { Task } from '@/features/tasks/model/task-types';

/*
 * The board's drag and drop (docs/product.md#board) apart from its rendering: the sensors' rules, where a
 * dragged card is over (pointer, touch and keyboard), where a drop puts it, and what a screen reader
 * hears. The columns are the board's (the spec's three, or a project's): `boardDrag` binds the rules
 * to their ids, in order; a column's droppable id is its id, and its cards' sortable list is named by it.
 */

/** A board's cards by column id, each column in the order shown. */
export type TasksByColumnId = Readonly<Record<string, Task[]>>;

/**
 * Mouse and pen drags (touch has its own sensor below, which waits a moment so that a finger can still
 * scroll the page).
 */
export class MouseAndPenSensor extends PointerSensor {
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

/** The drag rules of a board whose columns have these ids, left to right. */
export interface BoardDrag {
  /** The column a droppable is or belongs to: a column, or a card's sortable list (named by its column). */
  columnOf(target: Active | Over | null | undefined): string | undefined;
  boardCoordinates: KeyboardCoordinateGetter;
  boardCollisions: CollisionDetection;
  dropPlace(columns: TasksByColumnId, active: Active, over: Over | null): DropPlace | null;
}

/** Left and right jump a whole column (in both layouts: side by side, or stacked on narrow screens). */
function columnSteps(
  columnIds: readonly string[],
  columnOf: BoardDrag['columnOf'],
): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const { active, over, collisionRect, droppableRects } = context;
    if (!active || !collisionRect) return undefined;
    const from = columnOf(over) ?? columnOf(active);
    const index = Math.max(0, columnIds.indexOf(from ?? columnIds[0]!));
    const target = columnIds[Math.min(columnIds.length - 1, Math.max(0, index + step))];
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
}

export function boardDrag(columnIds: readonly string[]): BoardDrag {
  /** Whether a droppable id is a column's (the cards' ids are task ids). */
  const isColumnId = (id: string | number): id is string => columnIds.includes(String(id));

  function columnOf(target: Active | Over | null | undefined): string | undefined {
    if (!target) return undefined;
    if (isColumnId(target.id)) return String(target.id);
    const container = target.data.current?.sortable?.containerId as unknown;
    return typeof container === 'string' && isColumnId(container) ? container : undefined;
  }

  const columnCoordinates = columnSteps(columnIds, columnOf);

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
  function columnUnder(args: Parameters<CollisionDetection>[0]): { id: string } | undefined {
    if (args.pointerCoordinates) {
      const hit = pointerWithin(args).find((collision) => isColumnId(collision.id));
      return hit ? { id: String(hit.id) } : undefined;
    }
    const { collisionRect, droppableRects } = args;
    const x = collisionRect.left + collisionRect.width / 2;
    const y = collisionRect.top + collisionRect.height / 2;
    const id = columnIds.find((name) => {
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

  /**
   * Where the card `active` goes when dropped on `over` (docs/product.md#board): on a card of its own
   * column, that card's place (dnd-kit's sortable order); on a card of another column, before it, or
   * after it when the dragged card's top is below its middle; on a column, after its last card shown.
   */
  function dropPlace(columns: TasksByColumnId, active: Active, over: Over | null): DropPlace | null {
    const column = columnOf(over);
    if (!over || !column) return null;
    const activeId = String(active.id);
    const list = columns[column] ?? [];
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

  return { columnOf, boardCoordinates, boardCollisions, dropPlace };
}

export const INSTRUCTIONS =
  'To open a task, press Enter. To move it, press Space to pick it up, use the left and right arrow keys ' +
  'to choose a column and the up and down arrow keys to choose its place in the column, then press Space ' +
  'or Enter to drop it. Press Escape to cancel.';

/** Space picks a card up (Enter opens it: docs/product.md#the-task-view); either drops it. */
export const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** Where a drop would put the card: its column's id, and its index among that column's other cards. */
export type DropPlace = { column: string; index: number; others: Task[] };

export function announcements(
  titleOf: (id: string | number) => string,
  placeOf: (active: Active, over: Over | null) => DropPlace | null,
  nameOf: (columnId: string) => string,
): Announcements {
  const where = (active: Active, over: Over | null) => {
    const place = placeOf(active, over);
    return place
      ? `the ${nameOf(place.column)} column. Place ${place.index + 1} of ${place.others.length + 1}.`
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
