import 'server-only';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { SyncActor } from '@/shared/auth/actor';
import type { SyncOp } from '@/features/sync/model/protocol';
import type { LimitRefusal } from '@/features/sync/model/push-rules';
import { formatBytes } from '@/shared/format/bytes';
import type { Executor, Tables, WriteStatement } from '@/server/db';
import type { WaitText } from '@/server/rate-limit';

/**
 * What one account may store through team sync (docs/product.md#team-sync-limits,
 * docs/decisions/0021-sync-limits.md): the size of a task (features/sync/model/task-size.ts), the number of
 * tasks one owner holds, and the open conflict records of one task. The first two are decided with
 * the rest of a push (features/sync/model/push-rules.ts); the byte budget per minute is counted by the push
 * route, before the body is parsed.
 */

/** Open conflict records kept per task: the oldest go when more arrive (the UI lists 200). */
export const MAX_OPEN_CONFLICTS_PER_TASK = 200;

export { taskLimitMessage, type LimitRefusal } from '@/features/sync/model/push-rules';

/** The 429 text once an account's pushes used up SYNC_PUSH_BYTES_PER_MINUTE. */
export function pushBudgetMessage(bytesPerMinute: number, wait: WaitText): string {
  return `This account sent more than ${formatBytes(bytesPerMinute)} of changes in the last minute. Sync resumes in ${wait}; your changes stay in this browser.`;
}

/** Live tasks `actor` owns: read when a push may create one (the per-owner cap, features/sync/model/push-rules.ts). */
export async function countOwnedTasks(db: Executor, tables: Tables, actor: SyncActor): Promise<number> {
  const { syncTasks } = tables;
  const [row] = await db
    .select({ value: count() })
    .from(syncTasks)
    .where(and(eq(syncTasks.ownerId, actor.id), eq(syncTasks.deleted, false)));
  return Number(row?.value ?? 0);
}

/**
 * The op-log payload of a refused over-limit operation: what it wrote and how large, never the
 * values (storing them is what the limit prevents).
 */
export function refusalPayload(op: SyncOp, refusal: LimitRefusal): string {
  const { opId: _opId, uid: _uid, ...rest } = op;
  const marker =
    rest.kind === 'upsert'
      ? {
          ...rest,
          fields: Object.fromEntries(
            Object.entries(rest.fields).map(([field, write]) => [
              field,
              { chars: JSON.stringify(write.value).length, hlc: write.hlc },
            ]),
          ),
        }
      : rest;
  return JSON.stringify({ ...marker, message: refusal.message, reason: refusal.reason });
}

type NewConflict = { uid: string };

/**
 * Keeps at most MAX_OPEN_CONFLICTS_PER_TASK open records per task once a push's new ones are added:
 * returns the new rows to insert (the newest, when a push alone brings more) and the statements
 * deleting the oldest stored open ones.
 */
export async function capOpenConflicts<T extends NewConflict>(
  db: Executor,
  tables: Tables,
  incoming: T[],
  maxOpen: number = MAX_OPEN_CONFLICTS_PER_TASK,
): Promise<{ keep: T[]; statements: WriteStatement[] }> {
  if (incoming.length === 0) return { keep: incoming, statements: [] };
  const { syncConflicts } = tables;
  const byTask = new Map<string, T[]>();
  for (const row of incoming) byTask.set(row.uid, [...(byTask.get(row.uid) ?? []), row]);
  const keep: T[] = [];
  for (const rows of byTask.values()) keep.push(...rows.slice(-maxOpen));

  const stored = await db
    .select({ uid: syncConflicts.taskUid, open: count() })
    .from(syncConflicts)
    .where(and(inArray(syncConflicts.taskUid, [...byTask.keys()]), isNull(syncConflicts.resolvedAt)))
    .groupBy(syncConflicts.taskUid);
  const statements: WriteStatement[] = [];
  for (const { uid, open } of stored) {
    const arriving = Math.min(byTask.get(uid)?.length ?? 0, maxOpen);
    const excess = Number(open) + arriving - maxOpen;
    if (excess <= 0) continue;
    const oldest = await db
      .select({ id: syncConflicts.id })
      .from(syncConflicts)
      .where(and(eq(syncConflicts.taskUid, uid), isNull(syncConflicts.resolvedAt)))
      .orderBy(asc(syncConflicts.seq), asc(syncConflicts.createdAt), asc(syncConflicts.id))
      .limit(excess);
    const ids = oldest.map((row) => row.id);
    statements.push(db.delete(syncConflicts).where(inArray(syncConflicts.id, ids)));
  }
  return { keep, statements };
}
