import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { checkProjectDeletion } from '@/features/projects/server/project-service';
import type { SyncedTask } from '@/features/sync/model/merge';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type WriteStatement } from '@/server/db';
import { getSyncHub } from '@/server/realtime/hub';
import { notifyProjectsStatement, notifyStatement } from '@/server/realtime/listener';
import { serverStamp } from './push-changes';
import { deriveTaskColumns } from './store/task-columns';

/**
 * DELETE /api/projects/{id} (docs/product.md#projects): an archived project, deleted by a manager
 * who typed its name. Under one new sequence number every task of it is deleted (a tombstone with
 * the server's stamp, which the purge removes later), a revocation naming the project for anyone
 * makes every member's next pull list its tasks in `gone` (nobody may see them now), and the
 * project, its people and its keys go. Every stream is poked and told the projects changed (`event:
 * projects`: each open page reads its list again). Returns how many tasks it deleted.
 */
export async function deleteProject(actor: SyncActor, id: string, typedName: string): Promise<number> {
  await checkProjectDeletion(actor, id, typedName);
  const handle = await getDatabase();
  const { tables } = handle;
  const { syncTasks, syncState, syncRevocations, projects } = tables;
  return handle.exclusive(async (db) => {
    const rows = await db
      .select({ uid: syncTasks.uid, fields: syncTasks.fields })
      .from(syncTasks)
      .where(and(eq(syncTasks.projectId, id), eq(syncTasks.deleted, false)));
    const [state] = await db.select().from(syncState).where(eq(syncState.id, 1));
    const seq = (state?.lastSeq ?? 0) + 1;
    const now = new Date();
    const life = { deleted: true, hlc: serverStamp(now.getTime()), seq };
    const statements: WriteStatement[] = rows.map((row) => {
      const task: SyncedTask = {
        uid: row.uid,
        fields: JSON.parse(row.fields) as SyncedTask['fields'],
        life,
        version: seq,
      };
      return db
        .update(syncTasks)
        .set({
          life: JSON.stringify(life),
          deleted: true,
          version: seq,
          updatedAt: now,
          ...deriveTaskColumns(task, now.getTime()),
        })
        .where(eq(syncTasks.uid, row.uid));
    });
    const poke = { seq, userIds: null };
    statements.push(
      db
        .insert(syncRevocations)
        .values({ id: randomUUID(), seq, taskUid: null, userId: null, projectId: id }),
      // Its people and every key it gave go with it (cascades).
      db.delete(projects).where(eq(projects.id, id)),
      db
        .insert(syncState)
        .values({ id: 1, lastSeq: seq, gcFloorSeq: 0 })
        .onConflictDoUpdate({ target: syncState.id, set: { lastSeq: seq } }),
      ...(handle.dialect === 'postgres' ? [notifyStatement(db, poke), notifyProjectsStatement(db)] : []),
    );
    await handle.writeAll(statements);
    if (handle.dialect === 'sqlite') {
      getSyncHub().publish(poke);
      getSyncHub().publishProjects();
    }
    return rows.length;
  }, 'sync');
}
