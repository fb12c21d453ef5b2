/**
 * An in-memory team-sync server for tests, with the real push and pull semantics: operations applied
 * once per `(clientId, opId)` with `mergeOp`, one sequence number per push that changes something,
 * pulls paged by `(version, uid)` returning whole rows, `gone` for rows the caller cannot see, `reset`
 * for a cursor older than the purged tombstones.
 */
import { compareHlc, createClock, formatHlc, receive } from '../hlc';
import { mergeOp, taskValues, type ConflictRecord, type SyncOp, type SyncedTask } from '../merge';
import {
  formatCursor,
  parseCursor,
  SYNC_LIMITS,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../protocol';

export interface FieldWriteRecord {
  uid: string;
  field: string;
  hlc: string;
  value: unknown;
}

export interface MemoryServerOptions {
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
  private readonly applied = new Set<string>();
  private seq = 0;
  private clock = createClock('server');
  /** Tombstones at or below this version are purged: an older cursor gets `reset`. */
  private purgedThrough = 0;

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
      if (existing && !this.visible(userId, existing)) {
        this.rejectedOps.push(op);
        rejected.push({ opId: op.opId, reason: 'forbidden', message: 'Not your task.' });
        continue;
      }
      const stamps = op.kind === 'upsert' ? Object.values(op.fields).map((write) => write.hlc) : [op.hlc];
      for (const stamp of stamps) this.clock = receive(this.clock, stamp, nowMs);
      const seq = pushSeq || this.seq + 1;
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
      if (result.changed) {
        pushSeq = seq;
        this.seq = seq;
        this.tasks.set(op.uid, result.task);
      }
      acks.push(op.opId);
    }
    return { acks, rejected, seq: pushSeq, serverHlc: formatHlc(this.clock) };
  }

  pull(userId: string, cursor: string, limit: number = SYNC_LIMITS.maxPullLimit): PullResponse {
    const from = parseCursor(cursor);
    if (!from) throw new Error(`Bad cursor ${cursor}`);
    if (this.purgedThrough > 0 && from.version < this.purgedThrough && cursor !== '0:') {
      return { changes: [], gone: [], cursor, more: false, reset: true };
    }
    const rows = [...this.tasks.values()]
      .filter((task) => task.version > from.version || (task.version === from.version && task.uid > from.uid))
      .sort((a, b) => a.version - b.version || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    const page = rows.slice(0, limit);
    const response: PullResponse = { changes: [], gone: [], cursor, more: rows.length > limit, reset: false };
    for (const task of page) {
      if (!this.visible(userId, task)) response.gone.push(task.uid);
      else if (task.life?.deleted) response.changes.push({ uid: task.uid, v: task.version, deleted: true, data: {} });
      else response.changes.push({ uid: task.uid, v: task.version, deleted: false, data: taskValues(task) });
      response.cursor = formatCursor(task.version, task.uid);
    }
    return response;
  }

  /** Forgets tombstones: a cursor older than the newest row now gets `reset`. */
  purgeTombstones(): void {
    for (const [uid, task] of this.tasks) if (task.life?.deleted) this.tasks.delete(uid);
    this.purgedThrough = this.seq;
  }

  /** What a user sees: live tasks' values without nulls, by uid. */
  viewOf(userId: string): Map<string, Record<string, unknown>> {
    const view = new Map<string, Record<string, unknown>>();
    for (const task of this.tasks.values()) {
      if (task.life?.deleted || !this.visible(userId, task)) continue;
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(taskValues(task))) if (value !== null) values[field] = value;
      view.set(task.uid, values);
    }
    return view;
  }
}
