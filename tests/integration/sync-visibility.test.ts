import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { visibleTo } from '@/features/sync/server/store/visibility';
import { canSeeTask } from '@/features/sync/model/access';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { type SyncActor } from '@/shared/auth/actor';
import { createUser } from '@/tests/helpers/factories';

/**
 * Who may see a task is written twice: in TypeScript for pushes (features/sync/model/access.ts canSeeTask) and
 * in SQL for pulls and the reminder email (visibleTo). They must agree on every project, role, owner
 * and assignee (docs/decisions/0049-projects.md).
 */
describe('canSeeTask and its SQL form visibleTo', () => {
  it('agree for every actor on every combination of project, owner and assignee', async () => {
    const { db, tables } = await getDatabase();
    const alice = await createUser({ fullName: 'Alice' });
    const bob = await createUser({ fullName: 'Bob' });
    const carol = await createUser({ fullName: 'Carol' });
    const dan = await createUser({ fullName: 'Dan' });
    const admin = await createUser({ fullName: 'Ada', role: 'admin' });
    const now = new Date();
    // OPS: not shared with the team; Alice comments, Bob is a member, Dan is assigned only.
    // SUP: every member of the team comments; Bob's own role there is assigned only.
    // OLD: archived, shared with the team as members.
    await db.insert(tables.projects).values([
      { id: 'p-ops', key: 'OPS', name: 'Operations', teamRole: null, createdAt: now, updatedAt: now },
      { id: 'p-sup', key: 'SUP', name: 'Support', teamRole: 'commenter', createdAt: now, updatedAt: now },
      {
        id: 'p-old',
        key: 'OLD',
        name: 'Old',
        teamRole: 'member',
        archivedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await db.insert(tables.projectMembers).values([
      { projectId: 'p-ops', userId: alice.id, role: 'commenter', createdAt: now },
      { projectId: 'p-ops', userId: bob.id, role: 'member', createdAt: now },
      { projectId: 'p-ops', userId: dan.id, role: 'assigned', createdAt: now },
      { projectId: 'p-sup', userId: bob.id, role: 'assigned', createdAt: now },
    ]);
    const people = [alice.id, bob.id, carol.id, null];
    const projectIds = ['general', 'p-ops', 'p-sup', 'p-old', 'p-gone'];
    const rows = projectIds.flatMap((projectId) =>
      people.flatMap((ownerId, o) =>
        people.map((assigneeId, a) => ({
          uid: `t-${projectId}-${o}-${a}`,
          ownerId,
          assigneeId,
          projectId,
          fields: '{}',
          life: null,
          deleted: false,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    await db.insert(tables.syncTasks).values(rows);

    const actors: SyncActor[] = [alice, bob, carol, dan, admin].map((user) => ({
      id: user.id,
      role: user.role,
    }));
    const seen = new Map<string, string[]>();
    for (const actor of actors) {
      const roles = await loadProjectRoles(actor);
      const selected = await db
        .select({ uid: tables.syncTasks.uid })
        .from(tables.syncTasks)
        .where(visibleTo(tables, actor, roles));
      const expected = rows.filter((row) => canSeeTask(actor, row, roles)).map((row) => row.uid);
      expect(selected.map((row) => row.uid).sort(), actor.id).toEqual(expected.sort());
      seen.set(actor.id, expected);
    }
    const count = (id: string, projectId: string) =>
      seen.get(id)!.filter((uid) => uid.startsWith(`t-${projectId}-`)).length;
    // Not vacuous. General, assigned only for the team: a member sees the 7 of 16 they own or are
    // assigned to, the admin all 16.
    expect(count(alice.id, 'general')).toBe(7);
    expect(count(admin.id, 'general')).toBe(16);
    // OPS: the commenter and the member see all 16, Dan (assigned only) none of these (he is on
    // none of them), Carol (no role) none.
    expect(count(alice.id, 'p-ops')).toBe(16);
    expect(count(bob.id, 'p-ops')).toBe(16);
    expect(count(dan.id, 'p-ops')).toBe(0);
    expect(count(carol.id, 'p-ops')).toBe(0);
    // SUP: the team comments (all 16); Bob's own role narrows it to his 7.
    expect(count(carol.id, 'p-sup')).toBe(16);
    expect(count(bob.id, 'p-sup')).toBe(7);
    // An archived project's tasks are still seen; a task naming no existing project is the admin's only.
    expect(count(carol.id, 'p-old')).toBe(16);
    expect(count(alice.id, 'p-gone')).toBe(0);
    expect(count(admin.id, 'p-gone')).toBe(16);
  });
});
