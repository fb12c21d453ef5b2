import type { Task } from './task';

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
 * Assigned to me: `assignedTo` is exactly my full name, the same rule the server uses for who sees a
 * task (docs/product.md#team-sync). Without a name (no session) nothing is mine.
 */
export function isAssignedTo(task: Pick<Task, 'assignedTo'>, myName: string | null | undefined): boolean {
  return Boolean(myName) && task.assignedTo === myName;
}

/** The tasks the board shows under `filter`, in stored order; 'all' returns the same array. */
export function filterBoardTasks(
  tasks: readonly Task[],
  filter: BoardFilter,
  myName: string | null | undefined,
): readonly Task[] {
  if (filter === 'all') return tasks;
  return tasks.filter((task) => isAssignedTo(task, myName));
}
