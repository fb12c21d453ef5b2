/**
 * The replica's record (features/sync/client/replica.ts): what it knows of the server (`tasks`: per synced task
 * the version last pulled and a hash per field of the server's values), what changed locally since
 * (`dirty`: per task the changed fields' hashes and clock stamps, and a pending delete or restore) and
 * what is being sent (`inflight`: frozen operations, resent as they are until the server answers).
 * Also what the other parts share about it: which entries a step touched, the clock, a dirty entry's
 * stamps, the keys of writes in flight or held.
 *
 * Pure apart from mutating the `SyncMeta` it is given: no storage, no network, no clock. It owns the
 * one `touchedUids` map: the other parts record a changed entry through `touch` and `touchAll`. What
 * it exports for them alone (touch, stampOf, frozenKeys, ...) is not the replica's API: the app imports
 * features/sync/client/replica.ts, which re-exports only that.
 */
import { createClock, formatHlc, isHlc, parseHlc, receive, tick } from '../../model/hlc';
import { START_CURSOR, type SyncOp } from '../../model/protocol';
import { isSyncId } from '@/features/sync/model/protocol';

const SYNC_META_VERSION = 1;

/** What the replica last pulled of one task. */
interface SyncedEntry {
  /** The task's version in that pull (the `baseV` of the next edits). */
  v: number;
  /** Hash per field of the server's values (a missing field: absent or null). */
  h: Record<string, string>;
  /** Set while a walk from the start has not brought the task back yet. */
  r?: 1;
  /** Set for a task this replica sent and has not pulled yet (see `applyPullPage`). */
  u?: 1;
}

/** Local changes of one task not yet acknowledged by the server. */
export interface DirtyEntry {
  /** Hash per changed field of the value it had when stamped. */
  f: Record<string, string>;
  /** The stamp of every field in `f` not listed in `t`. */
  s?: string;
  /** Fields stamped at another time than `s`. */
  t?: Record<string, string>;
  /** A pending delete (`del: true`) or restore, and its stamp. */
  x?: { del: boolean; s: string };
}

export type FirstSyncChoice = 'upload' | 'keep';

export interface SyncMeta {
  version: typeof SYNC_META_VERSION;
  userId: string;
  clientId: string;
  /** The clock, as the last stamp it made or received. */
  hlc: string;
  cursor: string;
  /** What to do with tasks this replica found without a sync identity (null: not asked yet). */
  decided: FirstSyncChoice | null;
  /** Ids of tasks the user chose to keep on this device only. */
  localOnly: string[];
  tasks: Record<string, SyncedEntry>;
  dirty: Record<string, DirtyEntry>;
  inflight: SyncOp[];
  /** The next operation number (operation ids are unique per client). */
  nextOp: number;
  /** While pulling from the start (a walk): when the walk began, in ms; otherwise null. */
  walk: number | null;
  /**
   * Writes the server refused over a limit (`too-large`, `task-limit`), by `uid\nfield\nstamp` (field
   * `$x` for a delete or restore), with the server's message. They stay dirty (the task keeps the
   * change) but are not sent again until the field changes; absent in replicas saved before.
   */
  held?: Record<string, string>;
}

export function createMeta(userId: string, clientId: string): SyncMeta {
  return {
    version: SYNC_META_VERSION,
    userId,
    clientId,
    hlc: formatHlc(createClock(clientId)),
    cursor: START_CURSOR,
    decided: null,
    localOnly: [],
    tasks: {},
    dirty: {},
    inflight: [],
    nextOp: 0,
    walk: null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads stored metadata; null when it is missing or not something this version wrote. */
export function readMeta(value: unknown): SyncMeta | null {
  if (!isObject(value) || value.version !== SYNC_META_VERSION) return null;
  const { userId, clientId, hlc, cursor, decided, localOnly, tasks, dirty, inflight, nextOp } = value;
  if (typeof userId !== 'string' || !isSyncId(clientId) || !isHlc(hlc) || typeof cursor !== 'string')
    return null;
  if (decided !== null && decided !== 'upload' && decided !== 'keep') return null;
  if (!Array.isArray(localOnly) || !isObject(tasks) || !isObject(dirty) || !Array.isArray(inflight))
    return null;
  if (typeof nextOp !== 'number' || !Number.isSafeInteger(nextOp)) return null;
  if (value.walk !== null && typeof value.walk !== 'number') return null;
  if (value.held !== undefined && !isObject(value.held)) return null;
  return value as unknown as SyncMeta;
}

/**
 * Per replica, the uids whose `tasks` or `dirty` entries a step may have changed since the last
 * `takeTouched` ('all' after a walk began): what a store that keeps one record per task must write.
 * Kept beside the metadata, not in it, so it is never saved.
 */
const touchedUids = new WeakMap<SyncMeta, Set<string> | 'all'>();

export function touch(meta: SyncMeta, uid: string): void {
  const touched = touchedUids.get(meta);
  if (touched === 'all') return;
  if (touched) touched.add(uid);
  else touchedUids.set(meta, new Set([uid]));
}

/**
 * Per `tasks` record, the uids that may have `u` set (sent, not pulled yet): a superset, since only
 * `markUnpulled` sets `u` here and everything else only clears it. A pull's last page and an idle
 * poll ask for them; scanning every entry instead cost 50–120 ms a pull at 50,000 tasks (issue 38).
 * Built once per record (the stored metadata read afresh is a new record), never saved.
 */
const unpulledCandidates = new WeakMap<SyncMeta['tasks'], Set<string>>();

function candidatesOf(meta: SyncMeta): Set<string> {
  let candidates = unpulledCandidates.get(meta.tasks);
  if (!candidates) {
    candidates = new Set();
    for (const uid in meta.tasks) if (meta.tasks[uid]!.u !== undefined) candidates.add(uid);
    unpulledCandidates.set(meta.tasks, candidates);
  }
  return candidates;
}

/** Records a task this replica sent and has not pulled since, at version `v` (see `applyPullPage`). */
export function markUnpulled(meta: SyncMeta, uid: string, v: number): SyncedEntry {
  const entry: SyncedEntry = { v, h: {}, u: 1 };
  meta.tasks[uid] = entry;
  candidatesOf(meta).add(uid);
  return entry;
}

/** The uids of tasks sent and not pulled since (their entries have `u`). */
export function unpulledUids(meta: SyncMeta): string[] {
  const candidates = candidatesOf(meta);
  for (const uid of candidates) if (meta.tasks[uid]?.u === undefined) candidates.delete(uid);
  return [...candidates];
}

/** Marks every entry touched (a walk began: see ./walk.ts startWalk). */
export function touchAll(meta: SyncMeta): void {
  touchedUids.set(meta, 'all');
}

/**
 * The uids whose entries (in `tasks` or `dirty`) changed since the last call, or 'all'; every other
 * entry is as it was. The other fields of the metadata (clock, cursor, outbox) are small and not
 * tracked.
 */
export function takeTouched(meta: SyncMeta): ReadonlySet<string> | 'all' {
  const touched = touchedUids.get(meta) ?? new Set<string>();
  touchedUids.delete(meta);
  return touched;
}

export function stampOf(entry: DirtyEntry, field: string): string | undefined {
  return entry.t?.[field] ?? entry.s;
}

export function dropDirtyField(entry: DirtyEntry, field: string): void {
  delete entry.f[field];
  if (entry.t) {
    delete entry.t[field];
    if (Object.keys(entry.t).length === 0) delete entry.t;
  }
}

function isEmptyEntry(entry: DirtyEntry): boolean {
  return Object.keys(entry.f).length === 0 && entry.x === undefined;
}

export function tidyDirty(meta: SyncMeta, uid: string): void {
  touch(meta, uid);
  const entry = meta.dirty[uid];
  if (entry && isEmptyEntry(entry)) delete meta.dirty[uid];
}

/** The replica's clock for one step: each `stamp()` ticks it and keeps it in the metadata. */
export function clockOf(meta: SyncMeta, nowMs: number): { stamp: () => string } {
  return {
    stamp() {
      const parsed = parseHlc(meta.hlc);
      const { stamp } = tick({ ...parsed, node: meta.clientId }, nowMs);
      meta.hlc = stamp;
      return stamp;
    },
  };
}

/** Moves the clock past a stamp from the server. */
export function receiveStamp(meta: SyncMeta, stamp: string, nowMs: number): void {
  if (!isHlc(stamp)) return;
  meta.hlc = formatHlc(receive({ ...parseHlc(meta.hlc), node: meta.clientId }, stamp, nowMs));
}

export function isKnown(meta: SyncMeta, uid: string): boolean {
  return meta.tasks[uid] !== undefined || meta.dirty[uid] !== undefined;
}

export function frozenKey(uid: string, field: string, stamp: string | undefined): string {
  return `${uid}\n${field}\n${stamp ?? ''}`;
}

/**
 * Keys of what is in flight; with `withHeld`, also of what the server refused over a limit, which
 * freezing skips (it is not sent again until changed). Elsewhere a held write counts as the unsent
 * edit it is: a pull does not take it for one the server may have applied, a delete drops it.
 */
export function frozenKeys(meta: SyncMeta, withHeld = false): Set<string> {
  const keys = new Set<string>(withHeld ? Object.keys(meta.held ?? {}) : []);
  for (const op of meta.inflight) {
    if (op.kind === 'upsert') {
      for (const [field, write] of Object.entries(op.fields)) keys.add(frozenKey(op.uid, field, write.hlc));
    } else {
      keys.add(frozenKey(op.uid, '$x', op.hlc));
    }
  }
  return keys;
}
