// First: in the browser, zod must not probe eval before schemas are built.
import '../validation/zod-config';
import { z } from 'zod';

/** Spec §3/§5: the three priorities, in the order the form offers them. */
export const TASK_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'Medium';

/** Spec §4: the board's columns, left to right. */
export const BOARD_COLUMNS = ['To Do', 'In Progress', 'Completed'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** Spec §3: assignedTo when no one is logged in. */
export const UNKNOWN_ASSIGNEE = 'Unknown User';

export const TASK_PROGRESS_MIN = 0;
export const TASK_PROGRESS_MAX = 100;

/**
 * Progress as stored by this app (an integer) or by older versions, which kept the slider's value as
 * text ("50"). Anything else makes the task unreadable (it is then kept aside, never silently altered).
 */
const progressSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(TASK_PROGRESS_MIN).max(TASK_PROGRESS_MAX));

/**
 * Spec §3 Task (the union of both screens' fields) plus `column`, the board column a drag put it in
 * (DESIGN.md §1). Reads are lenient where the meaning is clear (numeric ids from `Date.now()`, missing
 * defaults) and keep unknown fields, so a task written by another version survives a round trip.
 */
export const taskSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number().finite()]).transform(String),
  title: z.string(),
  description: z.string().default(''),
  priority: z.enum(TASK_PRIORITIES).default(DEFAULT_TASK_PRIORITY),
  deadline: z.string().default(''),
  progress: progressSchema.default(TASK_PROGRESS_MIN),
  assignedTo: z.string().default(UNKNOWN_ASSIGNEE),
  email: z.string().optional(),
  status: z.string().optional(),
  column: z.enum(BOARD_COLUMNS).optional().catch(undefined),
});
export type Task = z.output<typeof taskSchema>;

export const tasksSchema = z.array(taskSchema);

export type NewTaskInput = {
  title: string;
  description: string;
  priority?: TaskPriority;
  deadline: string;
};

export type NewTaskContext = {
  nowMs: number;
  /** The logged-in user's name, if any. */
  userName?: string | null;
  /** The session's email, if any. */
  email?: string | null;
  /** Ids already in use: the new id is the timestamp, bumped until unique. */
  existingIds?: Iterable<string>;
};

/**
 * Spec §5 task creation: title and description must be non-blank after trimming, otherwise `null`
 * (the form then does nothing). Spec §3 defaults: priority Medium, progress 0, assignedTo the user's
 * name or 'Unknown User', id from the current timestamp.
 */
export function createTask(input: NewTaskInput, context: NewTaskContext): Task | null {
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title || !description) return null;
  const taken = new Set(context.existingIds ?? []);
  let idMs = context.nowMs;
  while (taken.has(String(idMs))) idMs++;
  const userName = context.userName?.trim();
  const task: Task = {
    id: String(idMs),
    title,
    description,
    priority: input.priority ?? DEFAULT_TASK_PRIORITY,
    deadline: input.deadline,
    progress: TASK_PROGRESS_MIN,
    assignedTo: userName ? userName : UNKNOWN_ASSIGNEE,
  };
  if (context.email) task.email = context.email;
  return task;
}

/** Clamps and rounds a slider value to the 0–100 integer range of spec §9. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return TASK_PROGRESS_MIN;
  return Math.min(TASK_PROGRESS_MAX, Math.max(TASK_PROGRESS_MIN, Math.round(value)));
}
