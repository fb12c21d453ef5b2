import {
  isDerivedUid,
  legacyNextOccurrenceUid,
  nextOccurrenceUid,
} from '@/features/tasks/model/repeat-spawn';
import { canSeeTask, type TaskPlace } from './access';
import type { ProjectRoles } from '@/features/projects/model/roles';
import { type SyncActor } from '@/shared/auth/actor';
import type { SyncOp } from './protocol';

/**
 * Who makes and owns a repeating task's next occurrence (docs/product.md#repeating-tasks,
 * docs/decisions/0043-checked-values-and-next-occurrences.md). Its uid is derived from the task it
 * follows (features/tasks/model/repeat-spawn.ts nextOccurrenceUid), so anyone who once knew a series' uid could
 * compute the next ones: the server decides.
 * - A task a push creates whose uid is derived from the uid of another task of the same push that the
 *   sender may see (they complete it: its owner, its assignee, an admin) is owned by that task's
 *   owner, whoever completed it, on any device. An open tab of an earlier version derives the uid the
 *   earlier way (`legacyNextOccurrenceUid`); it is recognised the same way.
 * - A uid of the derived form (version-8, `isDerivedUid`) that the server does not have is taken only
 *   from such a sender, or from an admin: anyone else's operation on it is refused, so a future
 *   occurrence cannot be made (and owned) before its series gets there.
 */

export const OCCURRENCE_MESSAGE =
  'Only someone who may see a repeating task can make its next occurrence, together with completing it.';

export function occurrenceOwners(ops: readonly SyncOp[]): {
  /** The uid of the occurrence that `uid` follows, when it is one of the push's tasks. */
  previousOf(uid: string): string | undefined;
} {
  let derived: Map<string, string> | null = null;
  return {
    previousOf(uid) {
      // Hashed only when the push creates a task (most pushes change existing ones).
      if (derived === null) {
        derived = new Map();
        for (const op of ops) {
          derived.set(legacyNextOccurrenceUid(op.uid), op.uid);
          derived.set(nextOccurrenceUid(op.uid), op.uid);
        }
      }
      return derived.get(uid);
    },
  };
}

/** The owner of a new task that follows `previous` (null: the sender's own). */
export function inheritedOwner(
  actor: SyncActor,
  previous: TaskPlace | undefined,
  roles: ProjectRoles,
): string | null {
  if (previous === undefined || previous.ownerId === null) return null;
  return canSeeTask(actor, previous, roles) ? previous.ownerId : null;
}

/**
 * Whether `actor` may make the task `uid`, which the server does not have: any uid but a derived
 * one; a derived one only an admin, or the sender of the task it follows (`previous`, the push's
 * task it is derived from, as it stands) who may see that task.
 */
export function mayMakeTask(
  actor: SyncActor,
  uid: string,
  previous: TaskPlace | undefined,
  roles: ProjectRoles,
): boolean {
  if (actor.role === 'admin' || !isDerivedUid(uid)) return true;
  return previous !== undefined && canSeeTask(actor, previous, roles);
}
