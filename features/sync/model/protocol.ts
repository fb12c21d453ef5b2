/**
 * The wire format of team sync (docs/decisions/0013-team-sync.md), shared by the browser, the
 * server and the tests: the one home of its types (the values, field writes and operations a push
 * carries, the answers); the merge (./merge.ts) imports them from here. The server validates push requests with ./push-schema.ts; responses are
 * typed here and checked by the browser when it reads them.
 *
 *   POST /api/sync/push  { clientId, ops: SyncOp[] }  →  PushResponse
 *   GET  /api/sync/pull?cursor=<version>:<uid>&limit=<n>[&walk=1][&recent=1]  →  PullResponse
 *   GET  /api/sync/archive?q=<search>&before=<cursor>&limit=<n>  →  ArchiveResponse
 *   GET  /api/sync/summary  →  SyncSummary
 *
 * `walk=1` marks a pull from the start and the pages after it: it is never answered with `reset`.
 * `recent=1` leaves out archived tasks (features/tasks/model/archive.ts); without it a pull is as it always was.
 */
import type { BoardColumn } from '@/features/tasks/model/task-types';

/** A JSON value as it travels: what a task field holds. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FieldWrite {
  value: Json;
  hlc: string;
}

interface OpBase {
  /** Unique per client; the server applies an operation once, however often it is pushed. */
  opId: string;
  /** The task's identity across devices. */
  uid: string;
  /** The task version the client last pulled (0: never seen); decides what counts as concurrent. */
  baseV: number;
}

export type SyncOp =
  | (OpBase & { kind: 'upsert'; fields: Record<string, FieldWrite> })
  | (OpBase & { kind: 'delete' | 'restore'; hlc: string });

export const SYNC_LIMITS = {
  /** Operations in one push; a browser with more waiting sends several pushes. */
  maxOpsPerPush: 200,
  /** Fields one upsert may write. */
  maxFieldsPerOp: 40,
  /** Characters of one field value as JSON. */
  maxValueChars: 20_000,
  /** Levels of objects and arrays in one field value. */
  maxValueDepth: 32,
  /** A push body, in bytes (the other endpoints keep the API's 100 kB). */
  maxPushBytes: 1024 * 1024,
  /** Rows in one pull page, and the default. */
  maxPullLimit: 500,
  /** A write stamped further ahead of the server's clock than this is re-stamped by the server. */
  maxClockDriftMs: 5 * 60_000,
} as const;

/** Fields that never travel: `id` is each browser's own handle for a task, `uid` is the identity. */
export const LOCAL_ONLY_FIELDS: ReadonlySet<string> = new Set(['id', 'uid']);

/** Operation ids, task uids and client ids. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Names of synced fields (besides the local-only ones). */
export const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * A push's body. The server validates it with the schema in ./push-schema.ts (server only, so the
 * browser's sync code does not download zod), which is checked to infer exactly this type.
 */
export interface PushRequest {
  clientId: string;
  ops: SyncOp[];
}

/**
 * Why an operation was refused. `forbidden`: its writer may not change the task (its values are kept
 * on the server as conflict records). `too-large` and `task-limit`: the task would grow past the
 * limits of features/sync/model/task-size.ts, or its owner holds SYNC_MAX_TASKS_PER_OWNER tasks; `invalid`
 * (added later): it writes a value its field does not take (features/tasks/model/task-fields.ts checkTaskFieldValue).
 * For these three nothing of it is kept on the server and the task is not moved, so the browser
 * keeps the change (a browser that predates a reason treats it as `forbidden`; the value then stays
 * only in that browser).
 */
export type RejectReason = 'forbidden' | 'too-large' | 'task-limit' | 'invalid';

/** Refusals the browser keeps the change for, showing the message, until the task changes again. */
export const HELD_REJECT_REASONS: ReadonlySet<string> = new Set<RejectReason>([
  'too-large',
  'task-limit',
  'invalid',
]);

export interface PushResponse {
  /** Every operation of the push the server has applied, now or by an earlier push of the same id. */
  acks: string[];
  /** Operations refused (see RejectReason). */
  rejected: { opId: string; reason: RejectReason; message: string }[];
  /**
   * The sequence number this push was given: every operation applied or refused for the first time
   * gives its task this number, changed or not. 0 only when every operation was a replay.
   */
  seq: number;
  /** The server's clock after the push: the browser's clock moves past it. */
  serverHlc: string;
  /**
   * Things the writer should know about operations that were applied, such as an assignee name
   * written alone that is not the writer's own (the task then stays unassigned). Added after the first version of the
   * protocol: older browsers ignore it, and a server of that version never sends it.
   */
  notices?: { opId: string; uid: string; message: string }[];
}

/** One task as a pull returns it: its current values, or only that it is deleted. */
export interface PulledTask {
  uid: string;
  /** The sequence number of the last push that touched it: an operation on it applied or refused. */
  v: number;
  deleted: boolean;
  /** The task's synced fields (empty for a deleted task). */
  data: Record<string, Json>;
}

export interface PullResponse {
  changes: PulledTask[];
  /** Tasks the caller can no longer see (reassigned away): drop them locally, they are not deleted. */
  gone: string[];
  /** Where the next pull starts. */
  cursor: string;
  /** True when more changes wait after `cursor`. */
  more: boolean;
  /**
   * True when the cursor is older than the deletes the server still remembers: the browser pushes
   * what it has waiting, then pulls again from the start and drops every synced task the walk does
   * not bring back. Never true for a pull with `walk=1`.
   */
  reset: boolean;
  /**
   * Only with `recent=1` (added after the first version): the archive cutoff, ISO 8601. Tasks
   * completed before it were left out of `changes`; they are paged from /api/sync/archive.
   */
  archivedBefore?: string;
}

/**
 * GET /api/sync/archive: archived tasks the caller may see, newest completion first. `next` is the
 * opaque `before` of the following page, null on the last one.
 */
export interface ArchiveResponse {
  tasks: PulledTask[];
  next: string | null;
}

/** The most archived tasks one archive page holds, and its default size. */
export const ARCHIVE_PAGE_MAX = 50;

/**
 * GET /api/sync/summary: the admin dashboard's team figures for the caller's visible tasks, counted
 * by the server (exact at any size). Tasks a browser could not read are counted nowhere.
 */
export interface SyncSummary {
  /** Tasks not deleted. */
  total: number;
  /** Of those, at progress 100. */
  completed: number;
  /** Per board column, in column order, as features/tasks/model/board.ts countTasksByColumn gives them. */
  byColumn: { column: BoardColumn; count: number }[];
  /** The first 10 tasks below progress 100, oldest first (the order they were first synced in). */
  pending: PulledTask[];
  /** How many tasks are below progress 100 (`pending` holds the first 10 of them). */
  pendingTotal: number;
  /** The last push counted: a poke with a higher number means the figures may have changed. */
  seq: number;
  /** When the server counted, ISO 8601. */
  asOf: string;
}

/** The cursor before any change. */
export const START_CURSOR = '0:';

/** `<version>:<uid>`: the last row a pull returned, in (version, uid) order. */
export function formatCursor(version: number, uid: string): string {
  return `${version}:${uid}`;
}

/** Reads a cursor; null when it is not one. */
export function parseCursor(cursor: string): { version: number; uid: string } | null {
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{0,64})$/.exec(cursor);
  if (!match) return null;
  return { version: Number(match[1]), uid: match[2]! };
}

/** Why a value is kept as a conflict record: it lost, a delete hid it, or its writer was refused. */
export type SyncConflictReason = 'concurrent' | 'after-delete' | 'forbidden';

/** One conflict record as `GET /api/sync/conflicts?uid=<uid>&all=1` returns it (newest first, at most 200). */
export interface SyncConflict {
  id: string;
  uid: string;
  field: string;
  /** The value that did not make it. */
  value: Json;
  hlc: string;
  /**
   * The stamp that beat it; null for a refused write, and for an edit of a task deleted and purged
   * before the edit arrived (`after-delete`).
   */
  winningHlc: string | null;
  reason: SyncConflictReason;
  /** The user whose push produced the record (null once that user is deleted). */
  userId: string | null;
  /**
   * Who wrote the kept value: the pusher, or for a value overwritten unseen the writer it replaced
   * (null once that user is deleted, or when the op log no longer knows).
   */
  authorId: string | null;
  /** The author's full name, for the UI's "who". */
  authorName: string | null;
  /** The sequence number current when it was recorded. */
  seq: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: when Restore or Dismiss settled it; null while open. */
  resolvedAt: string | null;
  /** Who settled it (null while open, or once that user is deleted). */
  resolvedBy: string | null;
}

export interface ConflictsResponse {
  conflicts: SyncConflict[];
}

/** `POST /api/sync/conflicts/{id}/resolve`. */
export interface ResolveConflictResponse {
  conflict: SyncConflict;
}

/** Whether `value` is a sync identity (a task's `uid`, an op id) as the wire allows it. */
export function isSyncId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
