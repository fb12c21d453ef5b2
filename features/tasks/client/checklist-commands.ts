import * as checklist from '@/features/tasks/model/checklist';
import type { Task } from '@/features/tasks/model/task-types';
import { changeOneTask } from './task-commands';

/*
 * The checklist commands (docs/product.md#checklists): each one change to one task's checklist, written
 * through the task list's one write (features/tasks/client/task-commands.ts), so team sync sends it as any other edit.
 */

/** What a checklist command answers: refused (nothing written) with why, or whether it wrote. */
export type ChecklistCommandResult = { ok: true; written: boolean } | { ok: false; message: string };

/** One checklist change (features/tasks/model/checklist.ts) to the task with this id. */
function changeChecklist(
  taskId: string,
  rule: (task: Task) => checklist.ChecklistResult,
): ChecklistCommandResult {
  return changeOneTask(taskId, rule);
}

/** Adds an item at the end of the task's checklist (docs/product.md#checklists). */
export function addChecklistItem(taskId: string, text: string): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.addChecklistItem(task, text));
}

/** Changes an item's text. */
export function renameChecklistItem(taskId: string, itemId: string, text: string): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.renameChecklistItem(task, itemId, text));
}

/** Ticks (`done`) or unticks an item. */
export function toggleChecklistItem(taskId: string, itemId: string, done: boolean): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.setChecklistItemDone(task, itemId, done));
}

/** Moves an item to `toIndex` in the checklist's order. */
export function moveChecklistItem(taskId: string, itemId: string, toIndex: number): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.moveChecklistItem(task, itemId, toIndex));
}

/** Deletes an item. */
export function deleteChecklistItem(taskId: string, itemId: string): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.deleteChecklistItem(task, itemId));
}

/** The switch "Progress follows the checklist". */
export function setProgressFollowsChecklist(taskId: string, on: boolean): ChecklistCommandResult {
  return changeChecklist(taskId, (task) => checklist.setProgressFollowsChecklist(task, on));
}
