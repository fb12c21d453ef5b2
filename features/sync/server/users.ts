import 'server-only';
import { compareNames } from '@/features/tasks/model/assignees';
import type { SyncUsersResponse } from '@/features/accounts/model/team-users';
import { getDatabase } from '@/server/db';
import { lookalikeIds } from '@/server/name-skeleton';

/**
 * GET /api/sync/users: every user of the deployment as `{ id, name }`, sorted by name (then id) in
 * JavaScript, so both dialects give the same order whatever their collation. Names only: a member
 * needs them to assign a task (the assignee is found by full name) and nothing more; except that a
 * person whose name looks like someone else's (the same name, or one made of lookalike letters:
 * server/name-skeleton.ts) also gets `joinedAt`, which the picker shows so the two can be told
 * apart and both stay choosable (docs/product.md#assignees).
 */
export async function listSyncUsers(): Promise<SyncUsersResponse> {
  const { db, tables } = await getDatabase();
  const rows = await db
    .select({ id: tables.users.id, name: tables.users.fullName, createdAt: tables.users.createdAt })
    .from(tables.users);
  const lookalikes = lookalikeIds(rows);
  const users = rows.map((row) =>
    lookalikes.has(row.id)
      ? { id: row.id, name: row.name, joinedAt: row.createdAt.toISOString() }
      : { id: row.id, name: row.name },
  );
  users.sort((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { users };
}
