import type { Json, SyncOp } from '@/features/sync/model/protocol';

/*
 * The shapes of a task's history (./history.ts derives it, ./history-runs.ts merges its runs): types
 * only, so both can share them without importing each other.
 */

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
   * features/sync/server/history-service.ts): none of them is the creation, no creation entry is added, and the
   * first change of a field in the window reads as after a purge (its earlier value is unknown).
   */
  partial?: boolean;
  changes: readonly HistoryChange[];
  conflicts: readonly HistoryConflict[];
  comments: readonly HistoryComment[];
  names: ReadonlyMap<string, string>;
}
