import { applyProgress, markCompleted } from './completion';
import { BOARD_COLUMNS, NO_ASSIGNEE, type Assignee, type BoardColumn, type Task } from './task-types';
import { clampProgress } from './task-patch';
import { sortByRank } from './rank-key';
import type { RankChange } from './rank';

/** The highest progress of the To Do and In Progress columns (docs/product.md#board-columns). */
export const BOARD_TO_DO_MAX_PROGRESS = 40;
export const BOARD_IN_PROGRESS_MAX_PROGRESS = 80;

/** The column progress alone gives: To Do ≤ 40, In Progress 41–80, Completed > 80. */
export function getColumnForProgress(progress: number): BoardColumn {
  if (progress <= BOARD_TO_DO_MAX_PROGRESS) return 'To Do';
  if (progress <= BOARD_IN_PROGRESS_MAX_PROGRESS) return 'In Progress';
  return 'Completed';
}

/** The column a drag put the task in wins over the one its progress gives (docs/product.md#board-columns). */
export function getBoardColumn(task: Pick<Task, 'progress' | 'column'>): BoardColumn {
  return task.column ?? getColumnForProgress(task.progress);
}

export type TasksByColumn = Record<BoardColumn, Task[]>;

/** The board's columns, each keeping the tasks' stored order. */
export function groupTasksByColumn(tasks: readonly Task[]): TasksByColumn {
  // Three named arrays rather than a keyed write per task: this runs over every task on each board
  // render (5,000 in bench:board), and a write through a computed key is the slow path.
  const toDo: Task[] = [];
  const inProgress: Task[] = [];
  const completed: Task[] = [];
  for (const task of tasks) {
    const column = getBoardColumn(task);
    if (column === 'To Do') toDo.push(task);
    else if (column === 'In Progress') inProgress.push(task);
    else completed.push(task);
  }
  return { 'To Do': toDo, 'In Progress': inProgress, Completed: completed };
}

/**
 * The board's columns in the order it shows them (docs/product.md#board): the cards a drag placed, by
 * rank (ties by id), then the others in stored order (features/tasks/model/rank.ts).
 */
export function orderTasksByColumn(tasks: readonly Task[]): TasksByColumn {
  const groups = groupTasksByColumn(tasks);
  for (const column of BOARD_COLUMNS) groups[column] = sortByRank(groups[column]);
  return groups;
}

/** One bar of 'Task Analytics': a column and how many tasks it holds. */
export type ColumnCount = {
  /** The column's name. */
  column: string;
  count: number;
  /** A project's column's kind (features/tasks/model/board-layout.ts); absent: one of the spec's three. */
  kind?: 'todo' | 'doing' | 'done';
};

/** 'Task Analytics': the count per column, in column order (docs/product.md#task-analytics). */
export function countTasksByColumn(tasks: readonly Task[]): ColumnCount[] {
  let toDo = 0;
  let inProgress = 0;
  for (const task of tasks) {
    const column = getBoardColumn(task);
    if (column === 'To Do') toDo += 1;
    else if (column === 'In Progress') inProgress += 1;
  }
  const counts: Record<BoardColumn, number> = {
    'To Do': toDo,
    'In Progress': inProgress,
    Completed: tasks.length - toDo - inProgress,
  };
  return BOARD_COLUMNS.map((column) => ({ column, count: counts[column] }));
}

/**
 * A drop on the board (docs/product.md#board): the card goes to `column`, its progress unchanged, so
 * the drop says nothing about done (the column is not completion, features/tasks/model/completion.ts): a task
 * dropped on Completed is not completed, and a done task dropped elsewhere stays done. The task
 * remembers the column; dropped where its progress already puts it, it forgets it. The same object
 * when it is already shown there.
 */
export function moveToColumn(task: Task, column: BoardColumn): Task {
  if (getBoardColumn(task) === column) return task;
  return getColumnForProgress(task.progress) === column ? withoutColumn(task) : { ...task, column };
}

/** `moveToColumn` on the task with this id; the same array when nothing changes. */
export function moveTaskToColumn(tasks: readonly Task[], taskId: string, column: BoardColumn): Task[] {
  return changeTaskById(tasks, taskId, (task) => moveToColumn(task, column));
}

/**
 * A drop on the board (docs/product.md#board): the card goes to `column` as moveTaskToColumn says, and
 * the cards of `ranks` (features/tasks/model/rank.ts placeInColumn: the moved card, sometimes a few neighbours)
 * take their new places. The one rule for a drop and for a card added at the foot of a column. Returns
 * the same array when nothing changes.
 */
export function placeTask(
  tasks: readonly Task[],
  taskId: string,
  column: BoardColumn,
  ranks: readonly RankChange[] = [],
): Task[] {
  let next = moveTaskToColumn(tasks, taskId, column);
  if (ranks.length === 0) return next;
  const byId = new Map(ranks.map((change) => [change.id, change.rank]));
  let copied = next !== tasks;
  for (let index = 0; index < next.length && byId.size > 0; index++) {
    const task = next[index]!;
    const rank = byId.get(task.id);
    if (rank === undefined) continue;
    byId.delete(task.id);
    if (task.rank === rank) continue;
    if (!copied) {
      next = next.slice();
      copied = true;
    }
    next[index] = { ...task, rank };
  }
  return next;
}

/**
 * The slider: a new progress (clamped to 0–100) by the one rule for done (features/tasks/model/completion.ts
 * applyProgress): it lets progress decide the column again, and 100 completes. The same array when
 * nothing changes.
 */
export function setTaskProgress(tasks: readonly Task[], taskId: string, progress: number): Task[] {
  const value = clampProgress(progress);
  return changeTaskById(tasks, taskId, (task) => applyProgress(task, value));
}

/**
 * The admin's Mark as Completed: status 'Completed', progress 100, and with progress following the
 * checklist every item ticked (features/tasks/model/completion.ts markCompleted, docs/product.md#admin-completion).
 */
export function completeTask(tasks: readonly Task[], taskId: string): Task[] {
  return changeTaskById(tasks, taskId, markCompleted);
}

/**
 * Team sync's reassignment: the task goes to `assignee`, its user id and its name (trimmed) together
 * (docs/product.md#assignees). Returns the same array when the name is blank, no task has that id, or
 * it is already assigned to that person under that name.
 */
export function assignTask(tasks: readonly Task[], taskId: string, assignee: Assignee): Task[] {
  const name = assignee.name.trim();
  if (!name) return tasks as Task[];
  const assigneeId = assignee.id ?? NO_ASSIGNEE;
  return changeTaskById(tasks, taskId, (task) =>
    task.assignedTo !== name || task.assigneeId !== assigneeId
      ? { ...task, assignedTo: name, assigneeId }
      : task,
  );
}

/** Returns the same array when no task has that id. */
export function removeTask(tasks: readonly Task[], taskId: string): Task[] {
  const next = tasks.filter((task) => task.id !== taskId);
  return next.length === tasks.length ? (tasks as Task[]) : next;
}

/**
 * `change` applied to the task with this id (ids are unique: the first holding it); the same array
 * when no task has it or `change` returned the task as it was. Other tasks stay the same objects.
 */
function changeTaskById(tasks: readonly Task[], taskId: string, change: (task: Task) => Task): Task[] {
  const index = tasks.findIndex((task) => task.id === taskId);
  if (index === -1) return tasks as Task[];
  const result = change(tasks[index]!);
  if (result === tasks[index]) return tasks as Task[];
  const next = tasks.slice();
  next[index] = result;
  return next;
}

function withoutColumn(task: Task): Task {
  const copy = { ...task };
  delete copy.column;
  return copy;
}
