/**
 * An in-memory team-sync server for tests. Its pushes follow the server's own rule book
 * (../push-rules.ts `decidePush`): operations handled once per `(clientId, opId)` (a refused one is
 * refused again), one sequence number per push with an operation handled for the first time, the
 * same access, limits and assignee binding. Pulls are paged by `(version, uid)` and return whole
 * rows, `gone` for every row changed after the cursor that the caller cannot see, and `reset` for
 * a cursor older than the purged tombstones.
 */
import { canSeeTask, placeOf } from '../model/access';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { generalOnlyRoles } from '@/features/projects/model/roles';
import { type SyncActor, type SyncRole } from '@/shared/auth/actor';
import { compareHlc, createClock, sameNode } from '../model/hlc';
import { mergeOp, taskValues, type SyncedTask } from '../model/merge';
import {
  formatCursor,
  parseCursor,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  START_CURSOR,
  SYNC_LIMITS,
  type SyncOp,
} from '../model/protocol';
import {
  type ConflictDraft,
  decidePush,
  type OpRecord,
  type Revocation,
  type SeenOp,
  type StoredTask,
} from '../model/push-rules';
import { writerKey } from '../model/push-lookups';

interface FieldWriteRecord {
  uid: string;
  field: string;
  hlc: string;
  value: unknown;
}

/** An account the server knows: its role, and the full name an assignee is bound by. */
export interface MemoryUser {
  id: string;
  role: SyncRole;
  name?: string;
}

interface MemoryServerOptions {
  /** The accounts; a user id not listed is an admin (sees and writes every task), named by no one. */
  users?: MemoryUser[];
  /** SYNC_MAX_TASKS_PER_OWNER. */
  maxTasksPerOwner?: number;
  /**
   * A further limit on who sees a task, standing for reassignments made outside sync (the replica
   * property test hides and shows tasks at random, whatever becomes of them): to the rule book a
   * task it hides has no owner and no assignee, so a member's writes to it are refused and their
   * pulls name it in `gone`.
   */
  canSee?: (userId: string, task: SyncedTask) => boolean;
}

/** Who may see a task: its owner and its bound assignee (admins see all). */
type TaskOwners = Pick<StoredTask, 'ownerId' | 'assigneeId'>;

export class MemoryServer {
  readonly tasks = new Map<string, SyncedTask>();
  readonly conflicts: ConflictDraft[] = [];
  /**
   * Values a writer replaced knowingly: its base version had them (the operation log's part), or its
   * own device wrote them (a value replaced by a later write of the same clock node, either way round).
   */
  readonly replacedKnowingly: FieldWriteRecord[] = [];
  /** Every field write applied (first delivery), and the values of edits of purged tasks. */
  readonly writes: FieldWriteRecord[] = [];
  readonly rejectedOps: SyncOp[] = [];
  /** Tasks taken from users who may no longer see them (as the server's sync_revocations). */
  readonly revocations: Revocation[] = [];
  /** Tasks whose tombstones were purged. */
  readonly purged = new Set<string>();
  private readonly owners = new Map<string, TaskOwners>();
  /** Operations handled, by client, then op id. */
  private readonly seen = new Map<string, Map<string, SeenOp>>();
  /** Who wrote the values a push applied to a task, by `writerKey(uid, seq)`. */
  private readonly writers = new Map<string, string>();
  private seq = 0;
  private clock = createClock('server');
  /** Each project's next task number, as the projects table keeps it. */
  private nextNumbers = new Map<string, number>();
  /** The last purged tombstone in (version, uid) order: a cursor before it gets `reset`. */
  private purgedThrough: { version: number; uid: string } | null = null;
  private dayAgo = 0;

  constructor(private readonly options: MemoryServerOptions = {}) {}

  private actor(userId: string): SyncActor {
    const user = this.options.users?.find((candidate) => candidate.id === userId);
    return { id: userId, role: user?.role ?? 'admin' };
  }

  private hidden(userId: string, uid: string): boolean {
    const task = this.tasks.get(uid);
    return task !== undefined && this.options.canSee !== undefined && !this.options.canSee(userId, task);
  }

  private visible(userId: string, uid: string): boolean {
    const owners = this.owners.get(uid) ?? { ownerId: null, assigneeId: null };
    const task = this.tasks.get(uid);
    const place = task ? placeOf({ ...owners, synced: task }) : { ...owners, projectId: GENERAL_PROJECT.id };
    const actor = this.actor(userId);
    return canSeeTask(actor, place, generalOnlyRoles(actor.role === 'admin')) && !this.hidden(userId, uid);
  }

  push(userId: string, request: PushRequest, nowMs: number): PushResponse {
    const actor = this.actor(userId);
    const stored = new Map<string, StoredTask>();
    const masked = new Set<string>();
    for (const op of request.ops) {
      const task = this.tasks.get(op.uid);
      if (!task) continue;
      if (this.hidden(userId, op.uid)) masked.add(op.uid);
      const owners = masked.has(op.uid) ? { ownerId: null, assigneeId: null } : this.owners.get(op.uid)!;
      stored.set(op.uid, { synced: task, ...owners });
    }
    const users = this.options.users ?? [];
    const actorName = users.find((user) => user.id === userId)?.name?.normalize('NFC') ?? null;
    let ownedTasks = 0;
    for (const [uid, owners] of this.owners) {
      if (owners.ownerId === userId && !this.tasks.get(uid)?.life?.deleted) ownedTasks += 1;
    }
    const seen = this.seen.get(request.clientId) ?? new Map<string, SeenOp>();
    this.seen.set(request.clientId, seen);
    const seq = this.seq + 1;
    const decision = decidePush({
      actor,
      // The in-memory server has only the General project, as the migration makes it.
      projects: generalOnlyRoles(actor.role === 'admin'),
      request,
      seq,
      nowMs,
      clock: this.clock,
      tasks: stored,
      seen,
      actorName,
      userIds: new Set(users.map((user) => user.id)),
      writers: this.writers,
      ownedTasks,
      maxTasksPerOwner: this.options.maxTasksPerOwner ?? Number.MAX_SAFE_INTEGER,
      nextNumbers: this.nextNumbers,
    });
    for (const [projectId, next] of decision.nextNumbers) this.nextNumbers.set(projectId, next);
    this.record(decision.changes, seq);
    this.clock = decision.clock;
    for (const change of decision.changes) {
      seen.set(change.op.opId, {
        outcome: change.outcome,
        message: change.message,
        reason: change.limit?.reason,
      });
      if (change.outcome === 'applied') this.writers.set(writerKey(change.op.uid, seq), userId);
    }
    for (const [uid, task] of decision.rows) {
      this.tasks.set(uid, task.synced);
      if (!masked.has(uid)) this.owners.set(uid, { ownerId: task.ownerId, assigneeId: task.assigneeId });
    }
    this.conflicts.push(...decision.conflicts);
    this.revocations.push(...decision.revocations);
    if (decision.touched) this.seq = seq;
    return decision.response;
  }

  /** The test records of a push's operations, with the tasks as each one found them. */
  private record(changes: OpRecord[], seq: number): void {
    const scratch = new Map<string, SyncedTask | undefined>();
    for (const { op, outcome } of changes) {
      if (outcome === 'forbidden') {
        this.rejectedOps.push(op);
        continue;
      }
      const existing = scratch.has(op.uid) ? scratch.get(op.uid) : this.tasks.get(op.uid);
      if (op.kind === 'upsert') {
        for (const [field, write] of Object.entries(op.fields)) {
          this.writes.push({ uid: op.uid, field, hlc: write.hlc, value: write.value });
          const current = existing?.fields[field];
          const own = current !== undefined && sameNode(current.hlc, write.hlc);
          if (current && compareHlc(write.hlc, current.hlc) > 0 && (current.seq <= op.baseV || own)) {
            this.replacedKnowingly.push({ uid: op.uid, field, hlc: current.hlc, value: current.value });
          } else if (current && own && compareHlc(write.hlc, current.hlc) < 0) {
            this.replacedKnowingly.push({ uid: op.uid, field, hlc: write.hlc, value: write.value });
          }
        }
      }
      if (existing || op.baseV === 0) scratch.set(op.uid, mergeOp(existing, op, seq).task);
    }
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
      if (!this.visible(userId, task.uid)) response.gone.push(task.uid);
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
      this.owners.delete(uid);
      this.purged.add(uid);
      this.revocations.splice(0, this.revocations.length, ...this.revocations.filter((r) => r.uid !== uid));
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
      if (task.life?.deleted || !this.visible(userId, task.uid)) continue;
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(taskValues(task)))
        if (value !== null) values[field] = value;
      view.set(task.uid, values);
    }
    return view;
  }
}
