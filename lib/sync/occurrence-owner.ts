import { nextOccurrenceUid } from '../tasks/repeat-spawn';
import { canSeeTask, type SyncActor, type TaskAccess } from './access';
import type { SyncOp } from './protocol';

/**
 * Who owns a task a push creates (docs/product.md#repeating-tasks): its sender, unless it is the next
 * occurrence of a task of the same push that the sender may see (its uid is derived from that task's,
 * lib/tasks/repeat-spawn.ts nextOccurrenceUid): a series stays its owner's, whoever completed the
 * occurrence (an admin, the assignee, on any device).
 */
export function occurrenceOwners(ops: readonly SyncOp[]): {
  /** The uid of the occurrence that `uid` follows, when it is one of the push's tasks. */
  previousOf(uid: string): string | undefined;
} {
  let derived: Map<string, string> | null = null;
  return {
    previousOf(uid) {
      // Hashed only when the push creates a task (most pushes change existing ones).
      derived ??= new Map(ops.map((op) => [nextOccurrenceUid(op.uid), op.uid]));
      return derived.get(uid);
    },
  };
}

/** The owner of a new task that follows `previous` (null: the sender's own). */
export function inheritedOwner(
  actor: SyncActor,
  previous: Pick<TaskAccess, 'ownerId' | 'assigneeId'> | undefined,
): string | null {
  if (previous === undefined || previous.ownerId === null) return null;
  return canSeeTask(actor, previous) ? previous.ownerId : null;
}
