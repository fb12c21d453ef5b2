'use client';

import { useMemo } from 'react';
import { toast } from 'sonner';
import { countTasksByColumn, orderTasksByColumn, type ColumnCount } from '@/features/tasks/model/board';
import {
  countTasksByKindColumns,
  orderTasksByKindColumns,
  placeTaskInKindColumn,
  type KindColumn,
} from '@/features/tasks/model/board-layout';
import type { RankChange } from '@/features/tasks/model/rank';
import { BOARD_COLUMNS, type BoardColumn, type Task } from '@/features/tasks/model/task-types';
import { inBoardColumn, moveTask, moveTaskToKindColumn } from '@/features/tasks/client/task-commands';
import { useBoardScope } from './board-scope';

/**
 * The columns a board shows and what a drop or a card added at a column's foot does there: the
 * spec's three (docs/product.md#board; a drop changes no progress), or on a project's board its own
 * columns (docs/product.md#project-columns; a done column completes). One board component for both.
 */
export interface BoardModel {
  columns: readonly ShownColumn[];
  /** The cards of each column, by id, in the order shown. */
  group(tasks: readonly Task[]): Record<string, Task[]>;
  /** A drop: whether it wrote (a refusal is told in a toast and writes nothing). */
  drop(taskId: string, columnId: string, ranks: readonly RankChange[]): boolean;
  /** 'Task Analytics': each column's count, in order. */
  count(tasks: readonly Task[]): ColumnCount[];
  /** Places a task added at the foot of the column `columnId` (features/tasks/client/task-commands.ts addTask). */
  placeNew(columnId: string): (tasks: readonly Task[], taskId: string) => Task[];
}

export interface ShownColumn {
  id: string;
  name: string;
  /** Shown beside the count; null: none. */
  wipLimit: number | null;
  /** A done column: its cards show no deadline badge, and team sync's older completed tasks follow it. */
  done: boolean;
}

const SPEC_MODEL: BoardModel = {
  columns: BOARD_COLUMNS.map((column) => ({
    id: column,
    name: column,
    wipLimit: null,
    done: column === 'Completed',
  })),
  group: orderTasksByColumn,
  count: countTasksByColumn,
  drop: (taskId, columnId, ranks) => moveTask(taskId, columnId as BoardColumn, ranks),
  placeNew: (columnId) => inBoardColumn(columnId as BoardColumn),
};

function kindModel(columns: readonly KindColumn[]): BoardModel {
  return {
    columns: columns.map((column) => ({
      id: column.id,
      name: column.name,
      wipLimit: column.wipLimit,
      done: column.kind === 'done',
    })),
    group: (tasks) => orderTasksByKindColumns(tasks, columns),
    count: (tasks) => countTasksByKindColumns(tasks, columns),
    drop: (taskId, columnId, ranks) => {
      const moved = moveTaskToKindColumn(taskId, columns, columnId, ranks);
      if (!moved.ok) toast.error(moved.message);
      return moved.ok && moved.written;
    },
    placeNew: (columnId) => (tasks, taskId) => {
      const placed = placeTaskInKindColumn(tasks, taskId, columns, columnId);
      return placed.ok ? placed.tasks : (tasks as Task[]);
    },
  };
}

/** The model of the board in this scope (features/tasks/ui/board-scope.tsx): its columns, or the spec's. */
export function useBoardModel(): BoardModel {
  const columns = useBoardScope()?.columns;
  return useMemo(() => (columns ? kindModel(columns) : SPEC_MODEL), [columns]);
}
