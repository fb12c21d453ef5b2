import { CHECKLIST_FIELD_PATTERN, readChecklistValue } from './checklist';
import { isTaskDone } from './completion';
import { getDeadlineDateKey } from './deadlines';
import { listChanges, type ListChanges } from './list-changes';
import { nextOccurrence } from './repeat';
import { TASK_PROGRESS_MIN, type Task } from './task-types';
import { uniqueTaskId } from './task-create';

/**
 * Completing a repeating task makes its next occurrence, once (docs/product.md#repeating-tasks,
 * docs/decisions/0025-repeating-tasks.md). Pure: `features/tasks/client/task-commands.ts` runs it after every command.
 */

/** Whether `task` is a repeating task that has not made its next occurrence yet. */
export function awaitsNextOccurrence(task: Task): boolean {
  return task.repeat !== undefined && task.repeatedAs === undefined;
}

/**
 * 128 bits of a non-cryptographic hash of `text` (cyrb128: four 32-bit lanes), as 32 hex digits.
 * Not a secret and not collision-proof against an attacker; it only has to be the same on every device.
 */
function hash128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join('');
}

function asUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A derived identity: a UUID of version 8 (RFC 9562's custom kind), which random ids (version 4) never are. */
const DERIVED_UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Team sync: the sync identity of the next occurrence of the task with identity `uid`, derived from it
 * (a hash of `{uid}/next` written as a version-8 UUID), so every device that completes the task offline
 * makes the same next task and the server merges their writes into one. Its form says it is derived:
 * the server lets only someone who may see the task it follows make it (features/sync/model/occurrence-owner.ts).
 */
export function nextOccurrenceUid(uid: string): string {
  const hex = hash128(`${uid}/next`);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return asUuid(`${hex.slice(0, 12)}8${hex.slice(13, 16)}${variant}${hex.slice(17)}`);
}

/**
 * The next occurrence's identity as versions before the version-8 form derived it (the same hash,
 * any version digit): an open tab of such a version still sends it, and the server still takes it
 * as the next occurrence of the task it follows.
 */
export function legacyNextOccurrenceUid(uid: string): string {
  return asUuid(hash128(`${uid}/next`));
}

/** Whether `uid` has the form of a derived identity (`nextOccurrenceUid`). */
export function isDerivedUid(uid: string): boolean {
  return DERIVED_UID_PATTERN.test(uid);
}

/** The fields an occurrence hands on to the next (besides its checklist, unticked). */
const CARRIED_FIELDS = [
  'title',
  'description',
  'priority',
  'labels',
  'assignedTo',
  'assigneeId',
  'email',
  'checklistProgress',
] as const;

export type SpawnContext = {
  nowMs: number;
  /** The user's calendar day (yyyy-mm-dd): the completion day. */
  todayKey: string;
};

/**
 * The next occurrence of `task`, completed today: same title, description, priority, labels,
 * assignee, rule and checklist (every item unticked), progress 0, no column or status, the next
 * deadline, created now; with `uid` and `createdAt` when the task has a uid. Null when there is no date to count from.
 */
export function makeNextOccurrence(task: Task, id: string, context: SpawnContext): Task | null {
  if (task.repeat === undefined) return null;
  const deadline = getDeadlineDateKey(task.deadline) ?? '';
  const occurrence = nextOccurrence(task.repeat, { deadline, completedOn: context.todayKey });
  if (occurrence === null) return null;
  const next: Task = {
    id,
    title: task.title,
    description: task.description,
    priority: task.priority,
    deadline: occurrence.deadline,
    progress: TASK_PROGRESS_MIN,
    assignedTo: task.assignedTo,
  };
  const carried: Record<string, unknown> = next;
  for (const field of CARRIED_FIELDS) if (task[field] !== undefined) carried[field] = task[field];
  if (Array.isArray(task.labels)) next.labels = [...task.labels];
  next.repeat = occurrence.repeat;
  for (const field of Object.keys(task)) {
    if (!CHECKLIST_FIELD_PATTERN.test(field)) continue;
    const item = readChecklistValue(task[field]);
    if (item) next[field] = { ...item, done: false };
  }
  // Team sync: a derived identity, and the creation time the task carries there (each device gives it
  // an id of its own). The default mode's id is the creation time, as for any new task.
  if (typeof task.uid === 'string') {
    next.uid = nextOccurrenceUid(task.uid);
    next.createdAt = new Date(context.nowMs).toISOString();
  }
  return next;
}

export type SpawnResult = {
  /** `next` with each completed occurrence pointing at its next one, which follows it; or `next` itself. */
  tasks: Task[];
  /** The next occurrences made. */
  spawned: Task[];
};

/**
 * After a command, or a pull that brought a completion: every task of `next` with a rule and no next
 * occurrence yet (`repeatedAs`) that became done (features/tasks/model/completion.ts isTaskDone: the slider, the
 * task view, the checklist, Mark as Completed, another device's change) gets
 * its next occurrence, placed right after it; the completed task's `repeatedAs` is its id (or, with
 * team sync, its uid), so completing it again, or reopening and completing it, makes no other.
 * A task new to the list is never taken as completed. `changes` (features/tasks/model/list-changes.ts), when the
 * caller has them, spares looking at every task.
 */
export function spawnNextOccurrences(
  prev: readonly Task[],
  next: Task[],
  context: SpawnContext,
  changes: ListChanges = listChanges(prev, next),
): SpawnResult {
  let before: Map<string, Task> | null = null;
  let taken: Set<string> | null = null;
  let uids: Set<unknown> | null = null;
  const made = new Map<number, { completed: Task; occurrence: Task | null }>();
  // Only the tasks the command changed: the one it replaced is among the removed ones.
  for (const index of changes.added) {
    const task = next[index]!;
    if (!awaitsNextOccurrence(task) || !isTaskDone(task)) continue;
    before ??= new Map(changes.removed.map((old) => [old.id, old]));
    const old = before.get(task.id);
    if (old === undefined || isTaskDone(old)) continue;
    taken ??= new Set(next.map((existing) => existing.id));
    const occurrence = makeNextOccurrence(task, uniqueTaskId(context.nowMs, taken), context);
    if (occurrence === null) continue;
    taken.add(occurrence.id);
    const repeatedAs = typeof occurrence.uid === 'string' ? occurrence.uid : occurrence.id;
    // Team sync already brought the next occurrence another device made (its completion not yet):
    // this completion points at it and makes no second one.
    uids ??= new Set(next.map((existing) => existing.uid));
    // An open tab of an earlier version may have made it under the identity it derived then.
    const legacy = typeof task.uid === 'string' ? legacyNextOccurrenceUid(task.uid) : undefined;
    const known = typeof occurrence.uid === 'string' && uids.has(occurrence.uid);
    if (!known && legacy !== undefined && uids.has(legacy)) {
      made.set(index, { completed: { ...task, repeatedAs: legacy }, occurrence: null });
      continue;
    }
    made.set(index, { completed: { ...task, repeatedAs }, occurrence: known ? null : occurrence });
  }
  if (made.size === 0) return { tasks: next, spawned: [] };
  const tasks: Task[] = [];
  const spawned: Task[] = [];
  next.forEach((task, index) => {
    const pair = made.get(index);
    if (pair === undefined) {
      tasks.push(task);
      return;
    }
    tasks.push(pair.completed);
    if (pair.occurrence === null) return;
    tasks.push(pair.occurrence);
    spawned.push(pair.occurrence);
  });
  return { tasks, spawned };
}
