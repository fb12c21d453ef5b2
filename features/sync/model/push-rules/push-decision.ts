import type { SyncOp } from '../protocol';
import type {
  ConflictDraft,
  LimitRefusal,
  OpOutcome,
  PushDecision,
  PushInput,
  SeenOp,
  StoredTask,
} from './push-types';

/**
 * The decision one push builds up, operation by operation, with the working copies of the stored
 * tasks and of the operations handled so far (the caller's maps are never changed). Every write to
 * the decision goes through these few verbs, so what an outcome leaves behind reads in one place.
 */
export interface PushLog {
  decision: PushDecision;
  /** The stored tasks as this push left them so far, by uid. */
  tasks: Map<string, StoredTask>;
  /** This client's operations handled so far, by op id (earlier pushes' and this one's). */
  seen: Map<string, SeenOp>;
  /** An op-log row, and the operation counted as handled. */
  record(op: SyncOp, outcome: OpOutcome, message?: string, limit?: LimitRefusal): void;
  /** A conflict record; its author is the pusher unless given (null: unknown). */
  addConflict(draft: Omit<ConflictDraft, 'authorId'> & { authorId?: string | null }): void;
  /** The task moves to the push's number unchanged, so its sender's pull brings back what won. */
  touch(uid: string, task: StoredTask): void;
  /** The task as the push changed it: written, and seen by the rest of the push. */
  put(uid: string, task: StoredTask): void;
  /** The task is taken from `userId`: their next pull names it in `gone`. */
  revoke(uid: string, userId: string | null): void;
}

export function createPushLog(input: PushInput): PushLog {
  const { actor, seq } = input;
  const tasks = new Map<string, StoredTask>(input.tasks);
  const seen = new Map(input.seen);
  const decision: PushDecision = {
    rows: new Map(),
    changes: [],
    conflicts: [],
    replaced: [],
    revocations: [],
    response: { acks: [], rejected: [], seq: 0, serverHlc: '' },
    touched: false,
    occurrences: new Map(),
    clock: input.clock,
    keys: [],
    nextNumbers: new Map(),
  };
  const put = (uid: string, task: StoredTask) => {
    tasks.set(uid, task);
    decision.rows.set(uid, task);
  };
  return {
    decision,
    tasks,
    seen,
    record(op, outcome, message, limit) {
      decision.changes.push({ op, outcome, message, limit });
      seen.set(op.opId, { outcome, message, reason: limit?.reason });
    },
    addConflict(draft) {
      decision.conflicts.push({
        ...draft,
        authorId: draft.authorId === undefined ? actor.id : draft.authorId,
      });
    },
    touch(uid, task) {
      decision.touched = true;
      put(uid, { ...task, synced: { ...task.synced, version: seq } });
    },
    put,
    revoke(uid, userId) {
      decision.revocations.push({ uid, userId });
    },
  };
}
