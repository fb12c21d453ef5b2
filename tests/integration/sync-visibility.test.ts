import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { visibleTo } from '@/features/sync/server/store/visibility';
import { canSeeTask } from '@/features/sync/model/access';
import { type SyncActor } from '@/shared/auth/actor';
import { createUser } from '@/tests/helpers/factories';

/**
 * Who may see a task is written twice: in TypeScript for pushes (features/sync/model/access.ts canSeeTask) and
 * in SQL for pulls and the reminder email (visibleTo). They must agree on every owner and assignee.
 */
describe('canSeeTask and its SQL form visibleTo', () => {
  it('agree for every actor on every combination of owner and assignee', async () => {
    const { db, tables } = await getDatabase();
    const alice = await createUser({ fullName: 'Alice' });
    const bob = await createUser({ fullName: 'Bob' });
    const carol = await createUser({ fullName: 'Carol' });
    const admin = await createUser({ fullName: 'Ada', role: 'admin' });
    const people = [alice.id, bob.id, carol.id, null];
    const now = new Date();
    const rows = people.flatMap((ownerId, o) =>
      people.map((assigneeId, a) => ({
        uid: `t-${o}-${a}`,
        ownerId,
        assigneeId,
        fields: '{}',
        life: null,
        deleted: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(tables.syncTasks).values(rows);

    const actors: SyncActor[] = [
      { id: alice.id, role: 'user' },
      { id: bob.id, role: 'user' },
      { id: carol.id, role: 'user' },
      { id: admin.id, role: 'admin' },
    ];
    for (const actor of actors) {
      const selected = await db
        .select({ uid: tables.syncTasks.uid })
        .from(tables.syncTasks)
        .where(visibleTo(tables, actor));
      const expected = rows.filter((row) => canSeeTask(actor, row)).map((row) => row.uid);
      expect(selected.map((row) => row.uid).sort(), actor.id).toEqual(expected.sort());
    }
    // Not vacuous: a member sees some tasks and not others; the admin sees all 16.
    expect(rows.filter((row) => canSeeTask(actors[0]!, row))).toHaveLength(7);
    expect(rows.filter((row) => canSeeTask(actors[3]!, row))).toHaveLength(16);
  });
});
