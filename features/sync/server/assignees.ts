import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SyncActor } from '@/shared/auth/actor';
import {
  ASSIGNEE_ID_FIELD,
  decideInitialBinding,
  NO_ASSIGNEE_ID,
  resolveNameAlone,
} from '@/features/sync/model/assignee-binding';
import type { SyncedTask } from '@/features/sync/model/merge';
import type { SyncOp } from '@/features/sync/model/protocol';
import { getDatabase, type DatabaseHandle, type WriteStatement } from '@/server/db';
import { logger } from '@/server/logger';
import { pushChanges, serverStamp } from './push-changes';

/**
 * Tasks bound to people by user id (docs/decisions/0019-assignees-by-id.md), for the two moments
 * that are not a browser's push: the one-time pass that binds the tasks stored before `assigneeId`
 * existed, and the deletion of an account, whose tasks become unassigned.
 */

/** Rows per statement batch of the start-up pass. */
const BIND_CHUNK = 500;

export interface BindReport {
  /** Tasks that got an `assigneeId` field. */
  bound: number;
  /** Tasks whose name is neither their kept assignee's nor their owner's: unassigned, listed in the log. */
  unassigned: { uid: string; name: string }[];
}

/**
 * Gives every stored task an `assigneeId` field, once per database (sync_state.assignees_bound):
 * the user the server had bound it to while that user's name still is the task's name, otherwise
 * its owner when the name is the owner's own (who wrote a stored name is not known; a name alone
 * binds only its writer, and the owner is who assigns), otherwise nobody. The new values travel with one new sequence
 * number, so every browser pulls them; an assignee who loses a task is told like any reassignment.
 */
export async function bindExistingAssignees(handle?: DatabaseHandle): Promise<BindReport> {
  const database = handle ?? (await getDatabase());
  const { syncTasks, syncState, syncRevocations, users } = database.tables;
  return database.exclusive(async (db) => {
    const [state] = await db.select().from(syncState).where(eq(syncState.id, 1));
    const report: BindReport = { bound: 0, unassigned: [] };
    if (state?.assigneesBound) return report;
    const seq = (state?.lastSeq ?? 0) + 1;
    const rows = await db
      .select({
        uid: syncTasks.uid,
        fields: syncTasks.fields,
        ownerId: syncTasks.ownerId,
        assigneeId: syncTasks.assigneeId,
      })
      .from(syncTasks);
    const names = new Map(
      (await db.select({ id: users.id, name: users.fullName }).from(users)).map((user) => [
        user.id,
        user.name,
      ]),
    );
    const statements: WriteStatement[] = [];
    const now = new Date();
    for (const row of rows) {
      const fields = JSON.parse(row.fields) as SyncedTask['fields'];
      const decision = decideInitialBinding(fields);
      if (decision.kind !== 'by-name') continue;
      const kept =
        row.assigneeId !== null && names.get(row.assigneeId)?.normalize('NFC') === decision.name
          ? row.assigneeId
          : null;
      const owner =
        row.ownerId === null ? null : { id: row.ownerId, fullName: names.get(row.ownerId) ?? null };
      const id = kept ?? resolveNameAlone(decision.name, owner);
      fields[ASSIGNEE_ID_FIELD] = { value: id ?? NO_ASSIGNEE_ID, hlc: decision.hlc, seq };
      if (id === null && decision.name !== null)
        report.unassigned.push({ uid: row.uid, name: decision.name });
      report.bound++;
      statements.push(
        db
          .update(syncTasks)
          .set({ fields: JSON.stringify(fields), assigneeId: id, version: seq, updatedAt: now })
          .where(eq(syncTasks.uid, row.uid)),
      );
      if (row.assigneeId !== null && row.assigneeId !== id) {
        statements.push(
          db
            .insert(syncRevocations)
            .values({ id: randomUUID(), seq, taskUid: row.uid, userId: row.assigneeId }),
        );
      }
    }
    const lastSeq = report.bound > 0 ? seq : (state?.lastSeq ?? 0);
    statements.push(
      db
        .insert(syncState)
        .values({ id: 1, lastSeq, gcFloorSeq: 0, assigneesBound: true })
        .onConflictDoUpdate({ target: syncState.id, set: { lastSeq, assigneesBound: true } }),
    );
    for (let start = 0; start < statements.length; start += BIND_CHUNK) {
      // SQLite: one transaction per chunk keeps each burst short; the marker is written last, so an
      // interrupted pass runs again (tasks already bound hold an id and are skipped).
      await database.writeAll(statements.slice(start, start + BIND_CHUNK));
    }
    if (report.bound > 0) {
      logger.info(
        `Team sync: bound ${report.bound} tasks to assignee ids (${report.unassigned.length} unassigned)`,
      );
    }
    if (report.unassigned.length > 0) {
      const list = report.unassigned.map((task) => `${task.uid} (“${task.name}”)`).join(', ');
      logger.warn(
        `Team sync: these tasks name neither their assignee nor their owner and are now unassigned: ${list}`,
      );
    }
    return report;
  }, 'sync');
}

/**
 * After an account is deleted: its tasks become unassigned (admins and their owners still see them),
 * written as the deleting admin's push of `assigneeId: ''` (nobody), so every browser pulls the change and a
 * later account with the same name never receives them.
 */
export async function unassignTasks(
  actor: SyncActor,
  tasks: readonly { uid: string; version: number }[],
): Promise<void> {
  if (tasks.length === 0) return;
  const hlc = serverStamp(Date.now());
  // baseV: the version read, so the id it replaces is a value replaced knowingly, not a conflict.
  const ops: SyncOp[] = tasks.map(({ uid, version }) => ({
    kind: 'upsert',
    opId: randomUUID(),
    uid,
    baseV: version,
    fields: { [ASSIGNEE_ID_FIELD]: { value: NO_ASSIGNEE_ID, hlc } },
  }));
  await pushChanges(actor, { clientId: 'server', ops });
}
