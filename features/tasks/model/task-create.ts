import {
  DEFAULT_TASK_PRIORITY,
  TASK_PROGRESS_MIN,
  UNKNOWN_ASSIGNEE,
  type Task,
  type TaskPriority,
} from './task-types';

export type NewTaskInput = {
  title: string;
  description: string;
  priority?: TaskPriority;
  deadline: string;
  /**
   * Title-only capture (docs/product.md#capture: the quick add, a board column's `Add task`): only the
   * title is required; description and deadline may be empty. Without it, the spec's form rules.
   */
  titleOnly?: boolean;
};

export type NewTaskContext = {
  nowMs: number;
  /** The logged-in user's name, if any. */
  userName?: string | null;
  /**
   * Team sync's assignee picker: the name chosen in the form, used instead of the user's name when it
   * is not blank. Without team sync it is never given (the spec's default).
   */
  assignedTo?: string | null;
  /** Team sync: the chosen assignee's user id (given with `assignedTo`; never in the default mode). */
  assigneeId?: string | null;
  /** The session's email, if any. */
  email?: string | null;
  /** Ids already in use: the new id is the timestamp, bumped until unique. */
  existingIds?: Iterable<string>;
};

/** A task id no id in `taken` is: the timestamp `nowMs`, bumped until unique. */
export function uniqueTaskId(nowMs: number, taken: ReadonlySet<string>): string {
  let idMs = nowMs;
  while (taken.has(String(idMs))) idMs++;
  return String(idMs);
}

/**
 * A new task (docs/product.md#create-tasks): title and description must be non-blank after trimming,
 * otherwise `null` (the form then does nothing); with `titleOnly`, the title alone (docs/product.md#capture). Defaults (docs/product.md#task-fields): priority Medium,
 * progress 0, assignedTo the user's name or 'Unknown User', id from the current timestamp.
 */
export function createTask(input: NewTaskInput, context: NewTaskContext): Task | null {
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title || (!description && !input.titleOnly)) return null;
  const userName = context.userName?.trim();
  const chosen = context.assignedTo?.trim();
  const task: Task = {
    id: uniqueTaskId(context.nowMs, new Set(context.existingIds ?? [])),
    title,
    description,
    priority: input.priority ?? DEFAULT_TASK_PRIORITY,
    deadline: input.deadline,
    progress: TASK_PROGRESS_MIN,
    assignedTo: chosen ? chosen : userName ? userName : UNKNOWN_ASSIGNEE,
  };
  if (context.assigneeId) task.assigneeId = context.assigneeId;
  if (context.email) task.email = context.email;
  return task;
}
