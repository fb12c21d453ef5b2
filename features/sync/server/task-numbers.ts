import 'server-only';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { TASK_NUMBER_FIELD, taskNumber } from '@/features/projects/model/project-key';
import type { SyncedTask } from '@/features/sync/model/merge';
import { getDatabase, type DatabaseHandle, type WriteStatement } from '@/server/db';
import { logger } from '@/server/logger';
import { serverStamp } from './push-changes';

/** Rows per statement batch of the start-up pass. */
const NUMBER_CHUNK = 500;

/**
 * Gives every live stored task without a key its project's next number (docs/decisions/0049-projects.md):
 * after the upgrade, the tasks of before projects become GEN-1, GEN-2… in the order the server first
 * stored them. The new values travel with one new sequence number, so every browser pulls them, as
 * the assignee binding's pass does (./assignees.ts). Runs at every start; once every task has a key
 * it reads one count. Pushes number the tasks they make or move (features/sync/model/push-rules).
 */
export async function numberStoredTasks(handle?: DatabaseHandle): Promise<number> {
  const database = handle ?? (await getDatabase());
  const { syncTasks, syncState, taskKeys, projects } = database.tables;
  return database.exclusive(async (db) => {
    const unkeyed = and(
      eq(syncTasks.deleted, false),
      notExists(
        db
          .select({ one: sql`1` })
          .from(taskKeys)
          .where(eq(taskKeys.taskUid, syncTasks.uid)),
      ),
    );
    const rows = await db
      .select({ uid: syncTasks.uid, fields: syncTasks.fields, projectId: syncTasks.projectId })
      .from(syncTasks)
      .where(unkeyed)
      .orderBy(asc(syncTasks.createdAt), asc(syncTasks.uid));
    if (rows.length === 0) return 0;
    const [state] = await db.select().from(syncState).where(eq(syncState.id, 1));
    const seq = (state?.lastSeq ?? 0) + 1;
    const next = new Map(
      (await db.select({ id: projects.id, next: projects.nextNumber }).from(projects)).map((row) => [
        row.id,
        row.next,
      ]),
    );
    const hlc = serverStamp(Date.now());
    const now = new Date();
    const statements: WriteStatement[] = [];
    for (const row of rows) {
      // A task names a project that exists (ADR 0049); one that does not is left as it is.
      const number = next.get(row.projectId);
      if (number === undefined) continue;
      const fields = JSON.parse(row.fields) as SyncedTask['fields'];
      // Numbered by a push whose key row is missing (never written by this version): keep it.
      const kept = taskNumber(fields[TASK_NUMBER_FIELD]?.value);
      const given = kept ?? number;
      if (kept !== null && kept >= number) next.set(row.projectId, kept + 1);
      if (kept === null) {
        next.set(row.projectId, number + 1);
        fields[TASK_NUMBER_FIELD] = { value: number, hlc, seq };
        statements.push(
          db
            .update(syncTasks)
            .set({ fields: JSON.stringify(fields), version: seq, updatedAt: now })
            .where(eq(syncTasks.uid, row.uid)),
        );
      }
      statements.push(
        db
          .insert(taskKeys)
          .values({ projectId: row.projectId, number: given, taskUid: row.uid, createdAt: now })
          .onConflictDoNothing(),
      );
    }
    for (const [id, number] of next) {
      statements.push(db.update(projects).set({ nextNumber: number }).where(eq(projects.id, id)));
    }
    statements.push(
      db
        .insert(syncState)
        .values({ id: 1, lastSeq: seq, gcFloorSeq: 0 })
        .onConflictDoUpdate({ target: syncState.id, set: { lastSeq: seq } }),
    );
    // SQLite: one transaction per chunk keeps each burst short. The sequence number is written
    // last: an interrupted pass leaves tasks with keys at a version no pull has read yet, and the
    // next start numbers the rest.
    for (let start = 0; start < statements.length; start += NUMBER_CHUNK) {
      await database.writeAll(statements.slice(start, start + NUMBER_CHUNK));
    }
    logger.info(`Team sync: numbered ${rows.length} stored tasks in their projects`);
    return rows.length;
  }, 'sync');
}
