import type { Task } from './task-types';

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

/** What one checklist may hold (docs/product.md#checklists); the server checks the same (features/sync/model/task-size.ts). */
export const CHECKLIST_LIMITS = {
  maxItems: 100,
  maxTextLength: 200,
  /** One item's stored value as JSON, in UTF-8 bytes: 200 characters of any text fit. */
  maxItemBytes: 1024,
} as const;

/** Why a checklist change was refused (docs/product.md#checklists). */
export const CHECKLIST_MESSAGES = {
  textRequired: 'Item text is required.',
  textTooLong: `An item must be at most ${CHECKLIST_LIMITS.maxTextLength} characters.`,
  tooManyItems: `A checklist holds at most ${CHECKLIST_LIMITS.maxItems} items.`,
  itemGone: 'This item was deleted.',
} as const;

export type ChecklistResult = { ok: true; task: Task } | { ok: false; message: string };

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const CHECKLIST_ID_LENGTH = 8;

/** A new item id: 8 characters of [a-z0-9] that no item of the task has. `random` gives [0, 1). */
export function newChecklistItemId(
  task: Readonly<Record<string, unknown>>,
  random: () => number = Math.random,
): string {
  for (;;) {
    let id = '';
    for (let i = 0; i < CHECKLIST_ID_LENGTH; i++) {
      id += ID_ALPHABET[Math.min(ID_ALPHABET.length - 1, Math.floor(random() * ID_ALPHABET.length))];
    }
    if (task[CHECKLIST_FIELD_PREFIX + id] === undefined) return id;
  }
}

/**
 * An item's text as stored: line breaks and other control characters become spaces, then trimmed.
 * Refused when blank or longer than 200 characters.
 */
export function checkItemText(text: string): { text: string } | { message: string } {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  if (!clean) return { message: CHECKLIST_MESSAGES.textRequired };
  if (clean.length > CHECKLIST_LIMITS.maxTextLength) return { message: CHECKLIST_MESSAGES.textTooLong };
  return { text: clean };
}

function fieldOf(id: string): string {
  return CHECKLIST_FIELD_PREFIX + id;
}

function itemValue(task: Task, id: string): ChecklistValue | null {
  return CHECKLIST_FIELD_PATTERN.test(fieldOf(id)) ? readChecklistValue(task[fieldOf(id)]) : null;
}

/**
 * With "Progress follows the checklist" on and at least one item: progress is the checklist's and the
 * board column follows it (any dragged `column` removed). Otherwise the task as it is.
 */
export function followChecklist(task: Task): Task {
  if (task.checklistProgress !== true) return task;
  const derived = checklistProgress(checklistCounts(task));
  if (derived === null || (task.progress === derived && task.column === undefined)) return task;
  const next: Task = { ...task, progress: derived };
  delete next.column;
  return next;
}

/** Adds an item at the end of the checklist, not done. */
export function addChecklistItem(
  task: Task,
  text: string,
  random: () => number = Math.random,
): ChecklistResult & { id?: string } {
  const checked = checkItemText(text);
  if ('message' in checked) return { ok: false, message: checked.message };
  const items = checklistOf(task);
  if (items.length >= CHECKLIST_LIMITS.maxItems)
    return { ok: false, message: CHECKLIST_MESSAGES.tooManyItems };
  const id = newChecklistItemId(task, random);
  const last = items[items.length - 1];
  const value: ChecklistValue = { text: checked.text, done: false, pos: last ? Math.floor(last.pos) + 1 : 1 };
  return { ok: true, id, task: followChecklist({ ...task, [fieldOf(id)]: value }) };
}

/** Changes an item's text (same rules as adding); the same task when the text is unchanged. */
export function renameChecklistItem(task: Task, id: string, text: string): ChecklistResult {
  const current = itemValue(task, id);
  if (!current) return { ok: false, message: CHECKLIST_MESSAGES.itemGone };
  const checked = checkItemText(text);
  if ('message' in checked) return { ok: false, message: checked.message };
  if (checked.text === current.text) return { ok: true, task };
  return { ok: true, task: { ...task, [fieldOf(id)]: { ...current, text: checked.text } } };
}

/** Ticks (`done`) or unticks an item; progress follows when the switch is on. */
export function setChecklistItemDone(task: Task, id: string, done: boolean): ChecklistResult {
  const current = itemValue(task, id);
  if (!current) return { ok: false, message: CHECKLIST_MESSAGES.itemGone };
  if (current.done === done) return { ok: true, task };
  return { ok: true, task: followChecklist({ ...task, [fieldOf(id)]: { ...current, done } }) };
}

/** The smallest gap between two neighbours' positions before every item is renumbered. */
export const CHECKLIST_MIN_GAP = 1e-6;

/**
 * Moves an item to `toIndex` (0: first; clamped) in the checklist's order. Its `pos` becomes a number
 * between its new neighbours, so only that item changes; when they are too close (or equal: two
 * items added at once on two devices), every item is renumbered 1, 2, 3… in the new order.
 */
export function moveChecklistItem(task: Task, id: string, toIndex: number): ChecklistResult {
  const items = checklistOf(task);
  const from = items.findIndex((item) => item.id === id);
  if (from === -1) return { ok: false, message: CHECKLIST_MESSAGES.itemGone };
  const to = Math.max(0, Math.min(items.length - 1, Math.trunc(toIndex)));
  if (to === from) return { ok: true, task };
  const moved = items[from]!;
  const others = items.filter((item) => item.id !== id);
  const before = others[to - 1];
  const after = others[to];
  let pos: number | null;
  if (before && after) {
    pos = after.pos - before.pos >= CHECKLIST_MIN_GAP ? (before.pos + after.pos) / 2 : null;
    if (pos !== null && !(pos > before.pos && pos < after.pos)) pos = null;
  } else if (before) {
    pos = Math.floor(before.pos) + 1;
  } else {
    pos = Math.ceil(after!.pos) - 1;
  }
  if (pos !== null) {
    const { id: _id, ...value } = moved;
    return { ok: true, task: { ...task, [fieldOf(id)]: { ...value, pos } } };
  }
  const order = [...others.slice(0, to), moved, ...others.slice(to)];
  const next: Task = { ...task };
  order.forEach((item, index) => {
    if (item.pos === index + 1) return;
    next[fieldOf(item.id)] = { text: item.text, done: item.done, pos: index + 1 };
  });
  return { ok: true, task: next };
}

/** Deletes an item (its field removed); progress follows when the switch is on and items remain. */
export function deleteChecklistItem(task: Task, id: string): ChecklistResult {
  if (!itemValue(task, id)) return { ok: false, message: CHECKLIST_MESSAGES.itemGone };
  const next: Task = { ...task };
  delete next[fieldOf(id)];
  return { ok: true, task: followChecklist(next) };
}

/**
 * The switch "Progress follows the checklist": on sets `checklistProgress` and, with items, the
 * progress at once; off removes the field (a task without it is stored as before) and leaves the
 * progress where it is.
 */
export function setProgressFollowsChecklist(task: Task, on: boolean): ChecklistResult {
  if (on === (task.checklistProgress === true)) return { ok: true, task };
  if (on) return { ok: true, task: followChecklist({ ...task, checklistProgress: true }) };
  const next: Task = { ...task };
  delete next.checklistProgress;
  return { ok: true, task: next };
}
