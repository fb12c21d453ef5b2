import type { Task } from './task';

/**
 * A task's checklist (docs/product.md#checklists, docs/decisions/0023-checklists-and-labels.md). Each item
 * is a task field of its own, `ck_{id}` holding `{ text, done, pos }`, so team sync's field merge keeps
 * two people's changes to different items, and the same item edited twice follows the field rule. An
 * item deleted is the field removed (null on the wire). Order is `pos` (a number between neighbours, so
 * a move rewrites one item), then the id. Pure; type-only imports from ./task (it reads this module).
 */

/** A checklist item's field name: `ck_` and the item's id. */
export const CHECKLIST_FIELD_PATTERN = /^ck_[a-z0-9]{1,16}$/;
export const CHECKLIST_FIELD_PREFIX = 'ck_';

export type ChecklistItem = { id: string; text: string; done: boolean; pos: number };

/** An item's stored value (the field `ck_{id}`). */
export type ChecklistValue = { text: string; done: boolean; pos: number };

/** A stored item's value, or null when it is not one this version can show. */
export function readChecklistValue(value: unknown): ChecklistValue | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { text, done, pos } = value as Record<string, unknown>;
  if (typeof text !== 'string' || typeof done !== 'boolean') return null;
  if (typeof pos !== 'number' || !Number.isFinite(pos)) return null;
  return { text, done, pos };
}

/** The task's checklist items in order (none: an empty list). */
export function checklistOf(task: Readonly<Record<string, unknown>>): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const field of Object.keys(task)) {
    if (!CHECKLIST_FIELD_PATTERN.test(field)) continue;
    const value = readChecklistValue(task[field]);
    if (value) items.push({ id: field.slice(CHECKLIST_FIELD_PREFIX.length), ...value });
  }
  return items.sort((a, b) => a.pos - b.pos || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** How many items are done, of how many. */
export function checklistCounts(task: Readonly<Record<string, unknown>>): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const field of Object.keys(task)) {
    if (!CHECKLIST_FIELD_PATTERN.test(field)) continue;
    const value = readChecklistValue(task[field]);
    if (!value) continue;
    total += 1;
    if (value.done) done += 1;
  }
  return { done, total };
}

/** Progress the checklist gives: round(done ÷ total × 100); null without items. */
export function checklistProgress({ done, total }: { done: number; total: number }): number | null {
  return total === 0 ? null : Math.round((done / total) * 100);
}

/** Whether a task has a checklist (for the card's `2/5`). */
export function hasChecklist(task: Pick<Task, string>): boolean {
  return checklistCounts(task).total > 0;
}
