import type { Task } from './task-types';

/**
 * The member board's 'Mine / All' filter, shown only with team sync on (docs/product.md#board-filter):
 * 'mine' keeps the tasks assigned to the signed-in member, 'all' every task this browser holds.
 */
export type BoardFilter = 'mine' | 'all';

/**
 * 'All' first: turning sync on must not hide a task the board showed before, and a member's browser
 * only holds the tasks they created or were given, so 'All' stays a member's own work anyway.
 */
export const DEFAULT_BOARD_FILTER: BoardFilter = 'all';

/** A stored preference, read leniently: anything but 'mine' is the default. */
export function toBoardFilter(value: string | null | undefined): BoardFilter {
  return value === 'mine' ? 'mine' : DEFAULT_BOARD_FILTER;
}

/**
 * Assigned to me (docs/product.md#board-filter): with team sync a task carries its assignee's user id,
 * which must be mine (null: bound to nobody); a task without one (the default mode, or one no server
 * has bound yet) is mine when `assignedTo` is exactly my full name. Without a session nothing is mine.
 */
export function isAssignedTo(
  task: Pick<Task, 'assignedTo' | 'assigneeId'>,
  me: { id?: string | null; name?: string | null } | null | undefined,
): boolean {
  if (task.assigneeId !== undefined) return Boolean(me?.id) && task.assigneeId === me?.id;
  return Boolean(me?.name) && task.assignedTo === me?.name;
}

/** The tasks the board shows under `filter`, in stored order; 'all' returns the same array. */
export function filterBoardTasks(
  tasks: readonly Task[],
  filter: BoardFilter,
  me: { id?: string | null; name?: string | null } | null | undefined,
): readonly Task[] {
  if (filter === 'all') return tasks;
  return tasks.filter((task) => isAssignedTo(task, me));
}
