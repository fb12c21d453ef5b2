import 'server-only';
import { compareNames } from '@/lib/sync/assignees';
import type { SyncUsersResponse } from '@/lib/sync/protocol';
import { getDatabase } from '../db';

/**
 * GET /api/sync/users: every user of the deployment as `{ id, name }`, sorted by name (then id) in
 * JavaScript, so both dialects give the same order whatever their collation. Names only: a member
 * needs them to assign a task (the assignee is found by full name) and nothing more.
 */
export async function listSyncUsers(): Promise<SyncUsersResponse> {
  const { db, tables } = await getDatabase();
  const rows = await db.select({ id: tables.users.id, name: tables.users.fullName }).from(tables.users);
  const users = rows.map((row) => ({ id: row.id, name: row.name }));
  users.sort((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { users };
}
