/**
 * A team task's history (issue 24 §4): the entries the task view lists, derived from what the server
 * already records for sync (the op log `sync_changes`, `sync_conflicts`, `task_comments`). Pure, so
 * the derivation and the sentences are unit-tested once.
 *
 * Only applied operations count, replayed through the server's own merge (features/sync/model/merge.ts), so a
 * write that lost its register changes nothing here either. Bookkeeping fields (updatedAt,
 * createdAt, completedAt, repeatedAs, checklistProgress) make no entry; checklist items (`ck_*`)
 * are summarised as one "changed the checklist" per operation; assignedTo/assigneeId make one
 * `assigned` entry; progress reaching 100 is `completed`, leaving 100 `reopened`.
 */
import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import { CHECKLIST_FIELD_PATTERN } from '@/features/tasks/model/checklist';
import { coalesceHistory } from './history-runs';
import { mergeOp, type SyncedTask } from '@/features/sync/model/merge';
import type { Json } from '@/features/sync/model/protocol';
import type { HistoryChange, HistoryEntry, HistoryInput } from './history-types';

/** A deleted account's name (the comments' word). */
export const FORMER_MEMBER = FORMER_MEMBER_NAME;

export type {
  HistoryChange,
  HistoryComment,
  HistoryConflict,
  HistoryEntry,
  HistoryInput,
  HistoryKind,
} from './history-types';

const QUIET = new Set([
  'updatedAt',
  'createdAt',
  'completedAt',
  'repeatedAs',
  'checklistProgress',
  // A card's place in its column (features/tasks/model/rank.ts): a key, not something a person reads.
  'rank',
  'id',
  'uid',
]);
/** Fields whose values are too long or too technical to print: only that they changed. */
const WITHOUT_VALUES = new Set(['description', 'labels', 'repeat']);
const ASSIGNEE_FIELDS = new Set(['assignedTo', 'assigneeId']);

const pad = (n: number) => String(n).padStart(2, '0');

/** An entry without what every entry of its operation shares (id, actor, time). */
type EntryDraft = Omit<HistoryEntry, 'id' | 'actorId' | 'actorName' | 'atMs'>;

/** One applied operation that changed the task, replayed: the task before and after it. */
interface Replayed {
  change: HistoryChange;
  before: SyncedTask | undefined;
  task: SyncedTask;
  /** The replay's number of the operation: the fields it wrote carry it. */
  seq: number;
  /** The operation that created the task (the log reaches back to it). */
  creating: boolean;
}

/**
 * Every entry of a task's history, newest first (time, then id, both descending), one person's runs
 * of changes to one field merged (features/sync/model/history-runs.ts).
 */
export function deriveHistory(input: HistoryInput): HistoryEntry[] {
  const nameOf = (id: string | null) => (id === null ? undefined : input.names.get(id)) ?? FORMER_MEMBER;
  // Who did it and when, as every entry says it.
  const by = (actorId: string | null, atMs: number) => ({ actorId, actorName: nameOf(actorId), atMs });
  const entries: HistoryEntry[] = [];
  if (!input.complete && !input.partial) {
    entries.push({ id: 'a_created', kind: 'created', ...by(input.ownerId, input.createdAtMs) });
  }
  for (const step of replay(input)) {
    const { change } = step;
    const base = by(change.userId, change.atMs);
    entriesOf(step, input.names).forEach((draft, n) =>
      entries.push({ id: `c_${change.id}_${pad(n)}`, ...base, ...draft }),
    );
  }
  for (const conflict of input.conflicts) {
    const checklist = CHECKLIST_FIELD_PATTERN.test(conflict.field);
    entries.push({
      id: `k_${conflict.id}`,
      kind: 'replaced',
      ...by(conflict.authorId, conflict.atMs),
      field: checklist ? 'checklist' : conflict.field,
      to: WITHOUT_VALUES.has(conflict.field) || checklist ? undefined : conflict.value,
    });
  }
  for (const comment of input.comments) {
    entries.push({ id: `m_${comment.id}`, kind: 'commented', ...by(comment.authorId, comment.atMs) });
  }
  return coalesceHistory(entries.sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)));
}

/**
 * The applied operations replayed through the merge, oldest first: those that changed the task and
 * are listed here (not context for a later page).
 */
function replay(input: HistoryInput): Replayed[] {
  const steps: Replayed[] = [];
  let task: SyncedTask | undefined;
  let seq = 0;
  let first = true;
  for (const change of input.changes) {
    if (change.outcome !== 'applied') continue;
    seq += 1;
    const before = task;
    const result = mergeOp(before, change.op, seq);
    if (!result.changed) continue;
    task = result.task;
    const creating = first && input.complete && !input.partial;
    first = false;
    if (!change.context) steps.push({ change, before, task, seq, creating });
  }
  return steps;
}

/** The entries one operation makes, in order. */
function entriesOf(step: Replayed, names: ReadonlyMap<string, string>): EntryDraft[] {
  const { change, before, task, seq, creating } = step;
  if (change.op.kind !== 'upsert') return [{ kind: change.op.kind === 'delete' ? 'deleted' : 'restored' }];
  const drafts: EntryDraft[] = creating ? [{ kind: 'created' }] : [];
  const moved = Object.keys(change.op.fields).filter(
    (field) =>
      JSON.stringify(before?.fields[field]?.value) !== JSON.stringify(task.fields[field]?.value) &&
      task.fields[field]?.seq === seq,
  );
  if (moved.some((field) => ASSIGNEE_FIELDS.has(field))) {
    const assigned = assignedEntry(step, names);
    if (!creating || assigned.to !== null) drafts.push(assigned);
  }
  if (creating) return drafts;
  return [...drafts, ...fieldEntries(step, moved)];
}

/** The `assigned` entry of an operation that moved the assignee. */
function assignedEntry({ change, before, task }: Replayed, names: ReadonlyMap<string, string>): EntryDraft {
  const toId = task.fields.assigneeId?.value;
  return {
    kind: 'assigned',
    from: before ? assigneeOf(before.fields, names) : undefined,
    to: assigneeOf(task.fields, names),
    // Bound to the actor's own id: "assigned the task to themselves", whatever the names say.
    ...(typeof toId === 'string' && toId !== '' && toId === change.userId ? { toSelf: true } : {}),
  };
}

/** The entries of the fields an operation moved, but the quiet ones and the assignee's. */
function fieldEntries({ before, task }: Replayed, moved: readonly string[]): EntryDraft[] {
  const old = (field: string) => before?.fields[field]?.value;
  const now = (field: string) => task.fields[field]?.value;
  const drafts: EntryDraft[] = [];
  let checklist = false;
  // The one rule for done (features/tasks/model/completion.ts) writes status with progress: completing sets
  // `Completed`, reopening takes it away. "completed" / "reopened" already say so.
  const completes = moved.includes('progress') && now('progress') === 100 && old('progress') !== 100;
  const reopens = moved.includes('progress') && old('progress') === 100 && now('progress') !== 100;
  const statusFollows =
    (completes && now('status') === 'Completed') || (reopens && old('status') === 'Completed');
  for (const field of moved) {
    if (QUIET.has(field) || ASSIGNEE_FIELDS.has(field)) continue;
    if (field === 'status' && statusFollows) continue;
    if (CHECKLIST_FIELD_PATTERN.test(field)) {
      if (!checklist) drafts.push({ kind: 'changed', field: 'checklist' });
      checklist = true;
      continue;
    }
    const from = old(field);
    const to = now(field);
    if (field === 'progress' && to === 100 && from !== 100) drafts.push({ kind: 'completed' });
    else if (field === 'progress' && from === 100 && to !== 100) drafts.push({ kind: 'reopened', to });
    else if (WITHOUT_VALUES.has(field)) drafts.push({ kind: 'changed', field });
    else drafts.push({ kind: 'changed', field, from: before?.fields[field] ? from : undefined, to });
  }
  return drafts;
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
