'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { KindColumn } from '@/features/tasks/model/board-layout';
import type { Task } from '@/features/tasks/model/task-types';

/**
 * A part of the team's tasks a board shows (a project's board, docs/product.md#projects): which
 * tasks are in it, and what a task made on it is given so that it lands there. Without one the
 * board shows every task, as the spec's dashboard does. Keep one object per scope (useMemo): the
 * board filters again when it changes.
 */
export interface BoardScope {
  id: string;
  includes(task: Task): boolean;
  /** The fields a task added on this board gets (its project). */
  newTaskFields: Pick<Task, 'projectId'>;
  /** No task is added here (an archived project's board). */
  readOnly?: boolean;
  /** The board's own columns (a project's, features/tasks/model/board-layout.ts); absent: the spec's three. */
  columns?: readonly KindColumn[];
}

const BoardScopeContext = createContext<BoardScope | null>(null);

export function BoardScopeProvider({ scope, children }: { scope: BoardScope | null; children: ReactNode }) {
  return <BoardScopeContext.Provider value={scope}>{children}</BoardScopeContext.Provider>;
}

/** The board's scope (null: every task). */
export function useBoardScope(): BoardScope | null {
  return useContext(BoardScopeContext);
}
