import type { ProjectRoles } from '@/features/projects/model/roles';
import type { SyncActor } from '@/shared/auth/actor';
import type { HlcState } from '../hlc';
import type { SyncedTask } from '../merge';

/** A value one push replaced: whose it was (the loser) and whose write replaced it (the winner). */
export interface ReplacedValue {
  uid: string;
  field: string;
  /** Who wrote the value that was replaced (null: unknown). */
  loserId: string | null;
  /** Who wrote the value that replaced it (null: unknown). */
  winnerId: string | null;
}
import type { PushRequest, PushResponse, RejectReason, SyncConflict, SyncOp } from '../protocol';

/*
 * What goes into a push's decision and what comes out (../push-rules.ts decidePush). Types only, so
 * the lookups (../push-lookups.ts) and the rule book's parts can share them without importing each
 * other.
 */

/** A task as the server stores it: its merged fields and who may see it. */
export interface StoredTask {
  synced: SyncedTask;
  ownerId: string | null;
  assigneeId: string | null;
}

export type OpOutcome = 'applied' | 'unchanged' | 'forbidden';

/** How an operation of this client was handled by an earlier push. */
export interface SeenOp {
  outcome: OpOutcome;
  message?: string;
  reason?: RejectReason;
}

export interface LimitRefusal {
  reason: Extract<RejectReason, 'too-large' | 'task-limit' | 'invalid'>;
  message: string;
}

export interface PushInput {
  actor: SyncActor;
  /** The actor's standing in every project (features/projects/server/roles.ts). */
  projects: ProjectRoles;
  request: PushRequest;
  /** The number the push takes if it handles an operation for the first time. */
  seq: number;
  nowMs: number;
  /** The server's clock before the push. */
  clock: HlcState;
  /** The stored tasks the operations name, by uid (see `pushLookups`). */
  tasks: ReadonlyMap<string, StoredTask>;
  /** This client's operations handled by earlier pushes, by op id. */
  seen: ReadonlyMap<string, SeenOp>;
  /**
   * The actor's full name (NFC), read when `pushLookups` says `byName` (null: not read, or no such
   * account): a name written alone binds only its writer (../assignee-binding.ts resolveNameAlone).
   */
  actorName: string | null;
  /** Which of the ids `pushLookups` lists are users. */
  userIds: ReadonlySet<string>;
  /** Who wrote a stored value, by `writerKey(uid, seq)`; absent: unknown (op log purged, user gone). */
  writers: ReadonlyMap<string, string>;
  /** Live tasks the actor owns (read only when `pushLookups` says `countOwned`). */
  ownedTasks: number;
  maxTasksPerOwner: number;
  /** Each project's next task number (a project not listed starts at 1). */
  nextNumbers: ReadonlyMap<string, number>;
}

/** One operation as handled now: the op-log row to write. `op` is as applied, after any re-stamp. */
export interface OpRecord {
  op: SyncOp;
  outcome: OpOutcome;
  message?: string;
  limit?: LimitRefusal;
}

/** A conflict record as a push makes it, before it is stored (its id, seq and time come then). */
export type ConflictDraft = Pick<
  SyncConflict,
  'uid' | 'field' | 'value' | 'hlc' | 'winningHlc' | 'reason' | 'authorId'
>;

/**
 * A task taken from a user who may no longer see it (null: from anyone who no longer may, as after
 * a move to another project): their next pull names it in `gone`.
 */
export interface Revocation {
  uid: string;
  userId: string | null;
}

export interface PushDecision {
  /** The tasks to write: every task an operation changed or moved, as it ends. */
  rows: Map<string, StoredTask>;
  changes: OpRecord[];
  conflicts: ConflictDraft[];
  /** The `concurrent` records' values, with whose they were and whose write replaced them (the inbox tells the first). */
  replaced: ReplacedValue[];
  revocations: Revocation[];
  response: PushResponse;
  /** Whether an operation was handled for the first time: the push then takes `seq`. */
  touched: boolean;
  /** Tasks the push created as the next occurrence of another of its tasks: new uid → that task's uid. */
  occurrences: Map<string, string>;
  /** The server's clock after the push: the caller keeps it for the next one. */
  clock: HlcState;
  /** The keys the push gave, one per task that entered a project (ADR 0049). */
  keys: TaskKeyGiven[];
  /** The next task number of each project the push numbered a task in. */
  nextNumbers: Map<string, number>;
}

/** A number a task was given in a project: its key, `${project key}-${number}`, from now on. */
export interface TaskKeyGiven {
  projectId: string;
  number: number;
  uid: string;
}
