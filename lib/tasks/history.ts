/**
 * A team task's history (issue 24 §4): the entries the task view lists, derived from what the server
 * already records for sync (the op log `sync_changes`, `sync_conflicts`, `task_comments`). Pure, so
 * the derivation and the sentences are unit-tested once.
 *
 * Only applied operations count, replayed through the server's own merge (lib/sync/merge.ts), so a
 * write that lost its register changes nothing here either. Bookkeeping fields (updatedAt,
 * createdAt, completedAt, repeatedAs, checklistProgress) make no entry; checklist items (`ck_*`)
 * are summarised as one "changed the checklist" per operation; assignedTo/assigneeId make one
 * `assigned` entry; progress reaching 100 is `completed`, leaving 100 `reopened`.
 */
import { FORMER_MEMBER_NAME } from '../comments/rules';
import { CHECKLIST_FIELD_PATTERN } from './checklist';
import { coalesceHistory } from './history-runs';
import { mergeOp, type SyncedTask } from '../sync/merge';
import type { Json, SyncOp } from '../sync/protocol';

/** A deleted account's name (the comments' word). */
export const FORMER_MEMBER = FORMER_MEMBER_NAME;

export type HistoryKind =
  | 'created'
  | 'changed'
  | 'assigned'
  | 'completed'
  | 'reopened'
  | 'deleted'
  | 'restored'
  | 'replaced'
  | 'commented';

export interface HistoryEntry {
  /** Stable and unique within the task: the paging cursor's tie-breaker. */
  id: string;
  kind: HistoryKind;
  actorId: string | null;
  /** The actor's current name, or `Former member`. */
  actorName: string;
  atMs: number;
  field?: string;
  /** Undefined: unknown (the earlier record was purged) or not shown (long values). */
  from?: Json;
  to?: Json;
  /** An assignment to the person who made it. */
  toSelf?: true;
}

/** One op-log row, oldest first. `op` is the payload with its op id and uid. */
export interface HistoryChange {
  id: string;
  userId: string | null;
  atMs: number;
  outcome: 'applied' | 'unchanged' | 'forbidden';
  op: SyncOp;
  /** Replayed for the values it leaves, but listed elsewhere (a later page of the history): no entry. */
  context?: true;
}

export interface HistoryConflict {
  id: string;
  authorId: string | null;
  field: string;
  value: Json;
  atMs: number;
}

export interface HistoryComment {
  id: string;
  authorId: string | null;
  atMs: number;
}

export interface HistoryInput {
  createdAtMs: number;
  ownerId: string | null;
  /** Whether the push that created the task is still in the log (else older history was purged). */
  complete: boolean;
  /**
   * The changes are a window of the log that does not reach its oldest row (a page's read,
   * lib/server/history-service.ts): none of them is the creation, no creation entry is added, and the
   * first change of a field in the window reads as after a purge (its earlier value is unknown).
   */
  partial?: boolean;
  changes: readonly HistoryChange[];
  conflicts: readonly HistoryConflict[];
  comments: readonly HistoryComment[];
  names: ReadonlyMap<string, string>;
}

const QUIET = new Set([
  'updatedAt',
  'createdAt',
  'completedAt',
  'repeatedAs',
  'checklistProgress',
  // A card's place in its column (lib/tasks/rank.ts): a key, not something a person reads.
  'rank',
  'id',
  'uid',
]);
/** Fields whose values are too long or too technical to print: only that they changed. */
const WITHOUT_VALUES = new Set(['description', 'labels', 'repeat']);
const ASSIGNEE_FIELDS = new Set(['assignedTo', 'assigneeId']);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Every entry of a task's history, newest first (time, then id, both descending), one person's runs
 * of changes to one field merged (lib/tasks/history-runs.ts).
 */
export function deriveHistory(input: HistoryInput): HistoryEntry[] {
  const nameOf = (id: string | null) => (id === null ? undefined : input.names.get(id)) ?? FORMER_MEMBER;
  const entries: HistoryEntry[] = [];
  let task: SyncedTask | undefined;
  let seq = 0;
  let first = true;
  if (!input.complete && !input.partial) {
    entries.push({
      id: 'a_created',
      kind: 'created',
      actorId: input.ownerId,
      actorName: nameOf(input.ownerId),
      atMs: input.createdAtMs,
    });
  }
  for (const change of input.changes) {
    if (change.outcome !== 'applied') continue;
    seq += 1;
    const before = task;
    const result = mergeOp(before, change.op, seq);
    if (!result.changed) continue;
    task = result.task;
    if (change.context) {
      first = false;
      continue;
    }
    const base = { actorId: change.userId, actorName: nameOf(change.userId), atMs: change.atMs };
    let n = 0;
    const add = (entry: Omit<HistoryEntry, 'id' | 'actorId' | 'actorName' | 'atMs'>) =>
      entries.push({ id: `c_${change.id}_${pad(n++)}`, ...base, ...entry });
    const creating = first && input.complete && !input.partial;
    first = false;
    if (change.op.kind !== 'upsert') {
      add({ kind: change.op.kind === 'delete' ? 'deleted' : 'restored' });
      continue;
    }
    if (creating) add({ kind: 'created' });
    const old = (field: string) => before?.fields[field]?.value;
    const now = (field: string) => task!.fields[field]?.value;
    const moved = Object.keys(change.op.fields).filter(
      (field) =>
        JSON.stringify(old(field)) !== JSON.stringify(now(field)) && task!.fields[field]?.seq === seq,
    );
    if (moved.some((field) => ASSIGNEE_FIELDS.has(field))) {
      const to = assigneeOf(task.fields, input.names);
      const toId = task.fields.assigneeId?.value;
      if (!creating || to !== null)
        add({
          kind: 'assigned',
          from: before ? assigneeOf(before.fields, input.names) : undefined,
          to,
          // Bound to the actor's own id: "assigned the task to themselves", whatever the names say.
          ...(typeof toId === 'string' && toId !== '' && toId === change.userId ? { toSelf: true } : {}),
        });
    }
    if (creating) continue;
    let checklist = false;
    // The one rule for done (lib/tasks/completion.ts) writes status with progress: completing sets
    // `Completed`, reopening takes it away. "completed" / "reopened" already say so.
    const completes = moved.includes('progress') && now('progress') === 100 && old('progress') !== 100;
    const reopens = moved.includes('progress') && old('progress') === 100 && now('progress') !== 100;
    const statusFollows =
      (completes && now('status') === 'Completed') || (reopens && old('status') === 'Completed');
    for (const field of moved) {
      if (QUIET.has(field) || ASSIGNEE_FIELDS.has(field)) continue;
      if (field === 'status' && statusFollows) continue;
      if (CHECKLIST_FIELD_PATTERN.test(field)) {
        if (!checklist) add({ kind: 'changed', field: 'checklist' });
        checklist = true;
        continue;
      }
      const from = old(field);
      const to = now(field);
      if (field === 'progress' && to === 100 && from !== 100) add({ kind: 'completed' });
      else if (field === 'progress' && from === 100 && to !== 100) add({ kind: 'reopened', to });
      else if (WITHOUT_VALUES.has(field)) add({ kind: 'changed', field });
      else add({ kind: 'changed', field, from: before?.fields[field] ? from : undefined, to });
    }
  }
  for (const conflict of input.conflicts) {
    entries.push({
      id: `k_${conflict.id}`,
      kind: 'replaced',
      actorId: conflict.authorId,
      actorName: nameOf(conflict.authorId),
      atMs: conflict.atMs,
      field: CHECKLIST_FIELD_PATTERN.test(conflict.field) ? 'checklist' : conflict.field,
      to:
        WITHOUT_VALUES.has(conflict.field) || CHECKLIST_FIELD_PATTERN.test(conflict.field)
          ? undefined
          : conflict.value,
    });
  }
  for (const comment of input.comments) {
    entries.push({
      id: `m_${comment.id}`,
      kind: 'commented',
      actorId: comment.authorId,
      actorName: nameOf(comment.authorId),
      atMs: comment.atMs,
    });
  }
  return coalesceHistory(entries.sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)));
}

/** The assignee's name: the bound user's current name, else the name written, null for nobody. */
function assigneeOf(fields: SyncedTask['fields'], names: ReadonlyMap<string, string>): string | null {
  const id = fields.assigneeId?.value;
  if (typeof id === 'string' && id !== '') return names.get(id) ?? FORMER_MEMBER;
  if (id === '') return null;
  const name = fields.assignedTo?.value;
  return typeof name === 'string' && name !== '' ? name : null;
}

const FIELD_NAMES: Record<string, string> = { column: 'board column', checklist: 'checklist' };

function show(value: Json | undefined): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The sentence the task view shows for an entry. */
export function historySentence(entry: HistoryEntry): string {
  const who = entry.actorName.trim() === '' ? FORMER_MEMBER : entry.actorName;
  const field = entry.field === undefined ? '' : (FIELD_NAMES[entry.field] ?? entry.field);
  switch (entry.kind) {
    case 'created':
      return `${who} created the task`;
    case 'changed':
      if (entry.field === 'checklist' || WITHOUT_VALUES.has(entry.field ?? ''))
        return `${who} changed the ${field}`;
      if (entry.from === undefined) return `${who} changed ${field} to ${show(entry.to)}`;
      return `${who} changed ${field} ${show(entry.from)} → ${show(entry.to)}`;
    case 'assigned':
      if (entry.to === null) return `${who} unassigned the task`;
      return entry.toSelf
        ? `${who} assigned the task to themselves`
        : `${who} assigned the task to ${show(entry.to)}`;
    case 'completed':
      return `${who} completed the task`;
    case 'reopened':
      return `${who} reopened the task`;
    case 'deleted':
      return `${who} deleted the task`;
    case 'restored':
      return `${who} restored the task`;
    case 'replaced':
      return entry.to === undefined
        ? `${who}'s change to the ${field} was replaced`
        : `${who}'s ${field} ${show(entry.to)} was replaced`;
    case 'commented':
      return `${who} commented`;
  }
}
