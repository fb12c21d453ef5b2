import * as board from '@/lib/tasks/board';
import { createTask, tasksSchema, type BoardColumn, type NewTaskInput, type Task } from '@/lib/tasks/task';
import { stringParser } from '@/lib/validation/parsers';
import { createLocalStore, toReadableStore, type ReadableStore } from './local-store';
import { loggedInUserStore, userStore } from './session';

const NO_TASKS: Task[] = [];

const store = createLocalStore<Task[]>({ key: 'tasks', schema: tasksSchema, fallback: NO_TASKS });

/**
 * The task list (key `tasks`), to read and subscribe to. Invalid items are dropped on read and their
 * original kept aside. It has no `write`: every change goes through the commands below, the one path
 * by which the list is written.
 */
export const tasksStore: ReadableStore<Task[]> = toReadableStore(store);

/**
 * Applies `change` to the stored list and writes the result, unless `change` returned the list it was
 * given (nothing changed: nothing is written, and no one is told). Returns whether it wrote.
 * Throws `StorageQuotaError`/`StorageUnavailableError` when the browser refuses the write.
 */
function changeTasks(change: (tasks: readonly Task[]) => Task[]): boolean {
  const current = store.read();
  const next = change(current);
  if (next === current) return false;
  store.write(next);
  return true;
}

/**
 * Adds a task made from the form's input, assigned to the logged-in user (name and email, when known),
 * with an id no stored task has. Returns it, or `null` when the title or description is blank after
 * trimming (nothing is written).
 */
export function addTask(input: NewTaskInput): Task | null {
  const tasks = store.read();
  const task = createTask(input, {
    nowMs: Date.now(),
    userName: loggedInUserStore.read()?.name,
    email: userStore.read()?.email,
    existingIds: tasks.map((existing) => existing.id),
  });
  if (task) store.write([...tasks, task]);
  return task;
}

/** A drop on the board: the task goes to `column`, its progress unchanged. Returns whether it wrote. */
export function moveTask(taskId: string, column: BoardColumn): boolean {
  return changeTasks((tasks) => board.moveTaskToColumn(tasks, taskId, column));
}

/** The slider: sets the progress (clamped to 0–100) and lets it decide the column again. */
export function setTaskProgress(taskId: string, progress: number): boolean {
  return changeTasks((tasks) => board.setTaskProgress(tasks, taskId, progress));
}

/** Status 'Completed', progress 100. Returns whether it wrote. */
export function completeTask(taskId: string): boolean {
  return changeTasks((tasks) => board.completeTask(tasks, taskId));
}

/** Returns whether it wrote (`false` when no stored task has that id). */
export function deleteTask(taskId: string): boolean {
  return changeTasks((tasks) => board.removeTask(tasks, taskId));
}

/** Free text (key `notes`). */
export const notesStore = createLocalStore<string>({ key: 'notes', schema: stringParser, fallback: '' });
