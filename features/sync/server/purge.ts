import 'server-only';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { getDatabase, type DatabaseHandle, type WriteStatement } from '@/server/db';
import { getEnv } from '@/server/env';
import { logger } from '@/server/logger';
import { readState } from './state';
import { chunked } from '@/server/db/chunked';

const CHANGE_LOG_DAYS = 30;
/** Refused (`forbidden`) and `after-delete` conflict records are purged after this many days. */
const CONFLICT_RECORD_DAYS = 30;
const PURGE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes the tasks deleted (and untouched since) more than SYNC_TOMBSTONE_DAYS (at least one)
 * before `now`: a browser restarts a walk older than features/sync/client/replica.ts's MAX_WALK_AGE_MS, so a
 * walk never misses a delete purged while it runs. Raises gc_floor_seq past them so that a cursor
 * that may not have seen a purged delete resets; drops op-log rows older than 30 days, and
 * `forbidden` and `after-delete` conflict records older than 30 days.
 */
export async function purgeTombstones(now: Date): Promise<{ purged: number; gcFloorSeq: number }> {
  const handle = await getDatabase();
  const { syncTasks, syncChanges, syncConflicts, syncRevocations, syncState } = handle.tables;
  const cutoff = new Date(now.getTime() - Math.max(getEnv().SYNC_TOMBSTONE_DAYS, 1) * DAY_MS);
  return handle.exclusive(async (db) => {
    const state = await readState(db, handle.tables);
    const expired = await db
      .select({ uid: syncTasks.uid, version: syncTasks.version })
      .from(syncTasks)
      .where(and(eq(syncTasks.deleted, true), lt(syncTasks.updatedAt, cutoff)));
    let gcFloorSeq = state.gcFloorSeq;
    for (const row of expired) gcFloorSeq = Math.max(gcFloorSeq, row.version + 1);
    const uids = expired.map((row) => row.uid);
    const statements: WriteStatement[] = [
      ...chunked(uids, (chunk) => db.delete(syncTasks).where(inArray(syncTasks.uid, chunk))),
      ...chunked(uids, (chunk) => db.delete(syncRevocations).where(inArray(syncRevocations.taskUid, chunk))),
      db
        .delete(syncChanges)
        .where(lt(syncChanges.createdAt, new Date(now.getTime() - CHANGE_LOG_DAYS * DAY_MS))),
      // Refused writes and edits of purged tasks are kept for inspection, not forever (they were
      // the cheapest way to grow the database); values that lost a race stay until settled.
      db
        .delete(syncConflicts)
        .where(
          and(
            inArray(syncConflicts.reason, ['forbidden', 'after-delete']),
            lt(syncConflicts.createdAt, new Date(now.getTime() - CONFLICT_RECORD_DAYS * DAY_MS)),
          ),
        ),
    ];
    if (gcFloorSeq !== state.gcFloorSeq) {
      statements.push(
        db
          .insert(syncState)
          .values({ id: 1, lastSeq: state.lastSeq, gcFloorSeq })
          .onConflictDoUpdate({ target: syncState.id, set: { gcFloorSeq } }),
      );
    }
    await handle.writeAll(statements);
    return { purged: expired.length, gcFloorSeq };
  }, 'sync');
}

const lastPurge = new WeakMap<DatabaseHandle, number>();

/** At most once an hour per database, after a push: a failure is logged, the push has succeeded. */
export async function purgeNowAndThen(handle: DatabaseHandle): Promise<void> {
  const nowMs = Date.now();
  if (nowMs - (lastPurge.get(handle) ?? 0) < PURGE_INTERVAL_MS) return;
  lastPurge.set(handle, nowMs);
  try {
    await purgeTombstones(new Date(nowMs));
  } catch (error) {
    logger.error('Purging sync tombstones failed', error);
  }
}
