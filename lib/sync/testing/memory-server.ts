/**
 * An in-memory team-sync server for tests, with the real push and pull semantics: operations applied
 * once per `(clientId, opId)` with `mergeOp`, one sequence number per push with an operation handled
 * for the first time (each one applied or refused gives its task that number, changed or not),
 * pulls paged by `(version, uid)` returning whole rows, `gone` for rows the caller cannot see, `reset`
 * for a cursor older than the purged tombstones.
 */
import { compareHlc, createClock, formatHlc, receive } from '../hlc';
import { mergeOp, taskValues, type ConflictRecord, type SyncedTask } from '../merge';
import {
  formatCursor,
  parseCursor,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  START_CURSOR,
  SYNC_LIMITS,
  type SyncOp,
} from '../protocol';
import { checkTaskValues } from '../task-size';

interface FieldWriteRecord {
  uid: string;
  field: string;
  hlc: string;
  value: unknown;
}

interface MemoryServerOptions {
  /** Whether `userId` may see (and write) the task; everyone sees everything by default. */
  canSee?: (userId: string, task: SyncedTask) => boolean;
}

export class MemoryServer {
  readonly tasks = new Map<string, SyncedTask>();
  readonly conflicts: ConflictRecord[] = [];
  /** Values a writer replaced knowing them (its base version had them): the operation log's part. */
  readonly replacedKnowingly: FieldWriteRecord[] = [];
  /** Every field write applied (first delivery). */
  readonly writes: FieldWriteRecord[] = [];
  readonly rejectedOps: SyncOp[] = [];
  /** Tasks whose tombstones were purged. */
  readonly purged = new Set<string>();
  private readonly applied = new Set<string>();
  private seq = 0;
  private clock = createClock('server');
  /** The last purged tombstone in (version, uid) order: a cursor before it gets `reset`. */
  private purgedThrough: { version: number; uid: string } | null = null;
  private dayAgo = 0;

  constructor(private readonly options: MemoryServerOptions = {}) {}

  private visible(userId: string, task: SyncedTask): boolean {
    return this.options.canSee ? this.options.canSee(userId, task) : true;
  }

  push(userId: string, request: PushRequest, nowMs: number): PushResponse {
    const acks: string[] = [];
    const rejected: PushResponse['rejected'] = [];
    let pushSeq = 0;
    for (const op of request.ops) {
      const key = `${request.clientId}\n${op.opId}`;
      if (this.applied.has(key)) {
        acks.push(op.opId);
        continue;
      }
      this.applied.add(key);
      const existing = this.tasks.get(op.uid);
      const seq = pushSeq || this.seq + 1;
      if (op.kind === 'upsert') {
        const values = existing ? taskValues(existing) : {};
        for (const [field, write] of Object.entries(op.fields)) values[field] = write.value;
        const tooLarge = checkTaskValues(values);
        if (tooLarge !== null) {
          // Over the size limit: nothing stored, the row does not move (the sender keeps its change).
          this.rejectedOps.push(op);
          rejected.push({ opId: op.opId, reason: 'too-large', message: tooLarge });
          continue;
        }
      }
      if (existing && !this.visible(userId, existing)) {
        this.rejectedOps.push(op);
        rejected.push({ opId: op.opId, reason: 'forbidden', message: 'Not your task.' });
        // The refusal moves the row so the sender's next pull tells it (here: gone).
        pushSeq = this.seq = seq;
        this.tasks.set(op.uid, { ...existing, version: seq });
        continue;
      }
      if (!existing && op.baseV > 0) {
        // The sender saw this task at version baseV: it was deleted and its tombstone purged since.
        // An edit must not bring it back as a task of one or two fields: it is kept as a conflict.
        if (op.kind === 'upsert') {
          for (const [field, write] of Object.entries(op.fields)) {
            this.writes.push({ uid: op.uid, field, hlc: write.hlc, value: write.value });
            this.conflicts.push({
              uid: op.uid,
              field,
              value: write.value,
              hlc: write.hlc,
              winningHlc: '',
              reason: 'after-delete',
            });
          }
        }
        pushSeq = this.seq = seq;
        acks.push(op.opId);
        continue;
      }
      const stamps = op.kind === 'upsert' ? Object.values(op.fields).map((write) => write.hlc) : [op.hlc];
      for (const stamp of stamps) this.clock = receive(this.clock, stamp, nowMs);
      if (op.kind === 'upsert') {
        for (const [field, write] of Object.entries(op.fields)) {
          this.writes.push({ uid: op.uid, field, hlc: write.hlc, value: write.value });
          const current = existing?.fields[field];
          if (current && compareHlc(write.hlc, current.hlc) > 0 && current.seq <= op.baseV) {
            this.replacedKnowingly.push({ uid: op.uid, field, hlc: current.hlc, value: current.value });
          }
        }
      }
      const result = mergeOp(existing, op, seq);
      this.conflicts.push(...result.conflicts);
      // An operation that changed nothing (it lost, or repeated what is there) still moves the row, so
      // the sender's next pull brings back what won: its own view would otherwise keep the loser.
      const task = result.changed ? result.task : { ...result.task, version: seq };
      pushSeq = this.seq = seq;
      this.tasks.set(op.uid, task);
      acks.push(op.opId);
    }
    return { acks, rejected, seq: pushSeq, serverHlc: formatHlc(this.clock) };
  }

  /**
   * `walk`: the caller is pulling from the start (`walk=1`); its cursors pass below the purged versions
   * on the way, and it needs no deletes (what the walk does not bring back is dropped), so no reset.
   */
  pull(userId: string, cursor: string, limit: number = SYNC_LIMITS.maxPullLimit, walk = false): PullResponse {
    const from = parseCursor(cursor);
    if (!from) throw new Error(`Bad cursor ${cursor}`);
    const last = this.purgedThrough;
    const beforePurged =
      last !== null &&
      (from.version < last.version || (from.version === last.version && from.uid < last.uid));
    if (!walk && beforePurged && cursor !== START_CURSOR) {
      return { changes: [], gone: [], cursor, more: false, reset: true };
    }
    const rows = [...this.tasks.values()]
      .filter((task) => task.version > from.version || (task.version === from.version && task.uid > from.uid))
      .sort((a, b) => a.version - b.version || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    const page = rows.slice(0, limit);
    const response: PullResponse = { changes: [], gone: [], cursor, more: rows.length > limit, reset: false };
    for (const task of page) {
      if (!this.visible(userId, task)) response.gone.push(task.uid);
      else if (task.life?.deleted)
        response.changes.push({ uid: task.uid, v: task.version, deleted: true, data: {} });
      else response.changes.push({ uid: task.uid, v: task.version, deleted: false, data: taskValues(task) });
      response.cursor = formatCursor(task.version, task.uid);
    }
    return response;
  }

  /** A change made outside sync (e.g. a reassignment that changes who sees it): a new version. */
  touch(uid: string): void {
    const task = this.tasks.get(uid);
    if (!task) return;
    this.seq += 1;
    this.tasks.set(uid, { ...task, version: this.seq });
  }

  /**
   * A day passes: tombstones older than a day (at or below the version of the previous call) are
   * forgotten, and a cursor older than those gets `reset`.
   */
  purgeTombstones(): void {
    const horizon = this.dayAgo;
    for (const [uid, task] of this.tasks) {
      if (!task.life?.deleted || task.version > horizon) continue;
      this.tasks.delete(uid);
      this.purged.add(uid);
      const last = this.purgedThrough;
      if (!last || task.version > last.version || (task.version === last.version && uid > last.uid)) {
        this.purgedThrough = { version: task.version, uid };
      }
    }
    this.dayAgo = this.seq;
  }

  /** What a user sees: live tasks' values without nulls, by uid. */
  viewOf(userId: string): Map<string, Record<string, unknown>> {
    const view = new Map<string, Record<string, unknown>>();
    for (const task of this.tasks.values()) {
      if (task.life?.deleted || !this.visible(userId, task)) continue;
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(taskValues(task)))
        if (value !== null) values[field] = value;
      view.set(task.uid, values);
    }
    return view;
  }
}
