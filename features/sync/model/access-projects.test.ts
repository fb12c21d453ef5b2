/**
 * How the sync access rules apply project roles (docs/decisions/0049-projects.md): creating a task in
 * a project, seeing it, editing, reassigning, deleting and restoring it, moving it between projects,
 * and archived projects. The General-only case (the rule of before projects) is ./access.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, canSeeTask, checkOp, type AccessDecision, type TaskAccess } from './access';
import type { Json, SyncOp } from './protocol';
import { GENERAL_PROJECT, taskProjectId } from '@/features/projects/model/project-key';
import {
  generalOnlyRoles,
  projectRolesFrom,
  PROJECT_ROLES,
  standingIn,
  type ProjectRole,
  type ProjectRoles,
} from '@/features/projects/model/roles';
import type { SyncActor } from '@/shared/auth/actor';

const HLC = '000001700000000-000000-dev1';

const NOT_YOURS = 'You can only change tasks you own or are assigned to.';
const OWNER_ONLY_LIFE = 'Only the task’s owner can delete or restore it.';
const OWNER_ONLY_ASSIGNEE = 'Only the task’s owner can change who it is assigned to.';
const OWNER_ONLY_MOVE = 'Only the task’s owner can move it to another project.';
const READ_ONLY = 'You can read and comment on the tasks of this project, not change them.';
const ARCHIVED = 'This project is archived: its tasks cannot be changed.';
const NO_PROJECT = 'You cannot add tasks to that project.';

const admin: SyncActor = { id: 'admin', role: 'admin' };
/** Manager of p-ops. */
const alice: SyncActor = { id: 'alice', role: 'user' };
/** Member of p-ops. */
const bob: SyncActor = { id: 'bob', role: 'user' };
/** Commenter of p-ops. */
const carol: SyncActor = { id: 'carol', role: 'user' };
/** Assigned only in p-ops. */
const dan: SyncActor = { id: 'dan', role: 'user' };
/** No membership anywhere: only the team roles. */
const erin: SyncActor = { id: 'erin', role: 'user' };
const people = [alice, bob, carol, dan, erin];
const everyone = [...people, admin];

type Project = { id: string; teamRole: ProjectRole | null; archived: boolean };

/** The team's projects, with the role of everyone without a membership there. */
const PROJECTS: readonly Project[] = [
  { id: 'general', teamRole: 'assigned', archived: false },
  { id: 'p-ops', teamRole: null, archived: false },
  { id: 'p-sup', teamRole: 'commenter', archived: false },
  { id: 'p-old', teamRole: 'member', archived: true },
  { id: 'p-dev', teamRole: 'member', archived: false },
];
/** A project id no project has. */
const GONE = 'p-gone';

const MEMBERSHIPS: Record<string, [string, ProjectRole][]> = {
  alice: [['p-ops', 'manager']],
  bob: [['p-ops', 'member']],
  carol: [['p-ops', 'commenter']],
  dan: [['p-ops', 'assigned']],
  erin: [],
};

const rolesIn = (
  actor: SyncActor,
  projects: readonly Project[],
  memberships: [string, ProjectRole][] = MEMBERSHIPS[actor.id] ?? [],
): ProjectRoles =>
  projectRolesFrom({ isAdmin: actor.role === 'admin', projects, memberships: new Map(memberships) });
const rolesOf = (actor: SyncActor) => rolesIn(actor, PROJECTS);

const decide = (actor: SyncActor, task: TaskAccess | undefined, op: SyncOp) =>
  checkOp(actor, task, op, rolesOf(actor));
const sees = (actor: SyncActor, task: TaskAccess) => canSeeTask(actor, task, rolesOf(actor));

const ALLOWED: AccessDecision = { allowed: true };
const refused = (message: string): AccessDecision => ({ allowed: false, message });

const nameOf = (id: string) => `Name of ${id}`;

/** A task in `projectId`, owned by `ownerId` and assigned to `assigneeId` (name and id written). */
const taskIn = (projectId: string, ownerId: string | null, assigneeId: string | null): TaskAccess => ({
  ownerId,
  assigneeId,
  projectId,
  assignedTo: assigneeId === null ? undefined : nameOf(assigneeId),
  assigneeIdValue: assigneeId ?? undefined,
});

const upsert = (fields: Record<string, Json>): SyncOp => ({
  kind: 'upsert',
  opId: 'op1',
  uid: 'task1',
  baseV: 0,
  fields: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { value, hlc: HLC }])),
});
const life = (kind: 'delete' | 'restore'): SyncOp => ({
  kind,
  opId: 'op1',
  uid: 'task1',
  baseV: 0,
  hlc: HLC,
});
const edit = upsert({ title: 'x', status: 'Done' });
const reassign = upsert({ assignedTo: nameOf('zoe'), assigneeId: 'zoe' });
const reassignById = upsert({ assigneeId: 'zoe' });
const move = (projectId: Json) => upsert({ projectId });

/** Every write but a move, named for the failure messages. */
const WRITES: [string, SyncOp][] = [
  ['edit', edit],
  ['reassign', reassign],
  ['reassign by id', reassignById],
  ['delete', life('delete')],
  ['restore', life('restore')],
];

describe('ACCESS_MESSAGES', () => {
  it('words every refusal as the rules say', () => {
    expect(ACCESS_MESSAGES).toEqual({
      notYours: NOT_YOURS,
      ownerOnlyLife: OWNER_ONLY_LIFE,
      ownerOnlyAssignee: OWNER_ONLY_ASSIGNEE,
      ownerOnlyMove: OWNER_ONLY_MOVE,
      readOnly: READ_ONLY,
      archived: ARCHIVED,
      noProject: NO_PROJECT,
    });
  });
});

describe('checkOp: creating a task the server has never seen', () => {
  it('lets every member and admin create in General, named or not', () => {
    for (const actor of everyone) {
      expect(decide(actor, undefined, upsert({ title: 'x' })), actor.id).toEqual(ALLOWED);
      expect(decide(actor, undefined, upsert({ title: 'x', projectId: 'general' })), actor.id).toEqual(
        ALLOWED,
      );
      expect(
        decide(actor, undefined, upsert({ title: 'x', projectId: GENERAL_PROJECT.id, assignedTo: 'Zoe' })),
        actor.id,
      ).toEqual(ALLOWED);
    }
  });

  it('lets managers, members and assigned-only people create in a project the op names', () => {
    for (const actor of [alice, bob, dan, admin]) {
      expect(decide(actor, undefined, upsert({ title: 'x', projectId: 'p-ops' })), actor.id).toEqual(ALLOWED);
    }
    // The team's role counts for whoever has no membership.
    expect(decide(erin, undefined, upsert({ title: 'x', projectId: 'p-dev' }))).toEqual(ALLOWED);
  });

  it('refuses commenters and people with no role there', () => {
    expect(decide(carol, undefined, upsert({ title: 'x', projectId: 'p-ops' }))).toEqual(refused(NO_PROJECT));
    expect(decide(erin, undefined, upsert({ title: 'x', projectId: 'p-ops' }))).toEqual(refused(NO_PROJECT));
    expect(decide(erin, undefined, upsert({ title: 'x', projectId: 'p-sup' }))).toEqual(refused(NO_PROJECT));
  });

  it('refuses an archived project to everyone, admins too', () => {
    for (const actor of everyone) {
      expect(decide(actor, undefined, upsert({ title: 'x', projectId: 'p-old' })), actor.id).toEqual(
        refused(ARCHIVED),
      );
    }
  });

  it('refuses a project that does not exist to everyone: admins manage only the projects that exist', () => {
    for (const actor of everyone) {
      expect(decide(actor, undefined, upsert({ title: 'x', projectId: GONE })), actor.id).toEqual(
        refused(NO_PROJECT),
      );
    }
  });

  it('reads a projectId that is not an id as General', () => {
    for (const value of [42, '', 'has space', null, true, ['p-ops'], { id: 'p-ops' }, 'x'.repeat(65)]) {
      expect(taskProjectId(value)).toBe('general');
      expect(
        decide(erin, undefined, upsert({ title: 'x', projectId: value })),
        JSON.stringify(value),
      ).toEqual(ALLOWED);
    }
    // In a team whose General is archived, the same op is refused as General's.
    const closed = PROJECTS.map((project) =>
      project.id === 'general' ? { ...project, archived: true } : project,
    );
    expect(checkOp(erin, undefined, upsert({ projectId: 42 }), rolesIn(erin, closed))).toEqual(
      refused(ARCHIVED),
    );
  });

  it('counts a delete or restore of an unknown uid as creating in General', () => {
    for (const actor of everyone) {
      expect(decide(actor, undefined, life('delete')), actor.id).toEqual(ALLOWED);
      expect(decide(actor, undefined, life('restore')), actor.id).toEqual(ALLOWED);
    }
    // Where General is not shared with the team, nobody but an admin may create there.
    const unshared = PROJECTS.map((project) =>
      project.id === 'general' ? { ...project, teamRole: null } : project,
    );
    for (const kind of ['delete', 'restore'] as const) {
      expect(checkOp(erin, undefined, life(kind), rolesIn(erin, unshared))).toEqual(refused(NO_PROJECT));
      expect(checkOp(admin, undefined, life(kind), rolesIn(admin, unshared))).toEqual(ALLOWED);
    }
    const archived = PROJECTS.map((project) =>
      project.id === 'general' ? { ...project, archived: true } : project,
    );
    expect(checkOp(admin, undefined, life('delete'), rolesIn(admin, archived))).toEqual(refused(ARCHIVED));
  });
});

describe('canSeeTask with projects', () => {
  const places = [
    taskIn('p-ops', 'zoe', 'yan'),
    taskIn('p-ops', null, null),
    taskIn('p-ops', 'dan', null),
    taskIn('p-ops', 'zoe', 'dan'),
    taskIn('p-ops', 'erin', 'erin'),
  ];

  it('shows managers, members and commenters every task of the project', () => {
    for (const actor of [alice, bob, carol]) {
      for (const place of places)
        expect(sees(actor, place), `${actor.id} ${JSON.stringify(place)}`).toBe(true);
    }
    // A commenter by the team's role.
    expect(sees(erin, taskIn('p-sup', 'zoe', null))).toBe(true);
  });

  it('shows an assigned-only person the tasks they own or are assigned to, no other', () => {
    expect(sees(dan, taskIn('p-ops', 'dan', null))).toBe(true);
    expect(sees(dan, taskIn('p-ops', 'zoe', 'dan'))).toBe(true);
    expect(sees(dan, taskIn('p-ops', null, 'dan'))).toBe(true);
    expect(sees(dan, taskIn('p-ops', 'zoe', 'yan'))).toBe(false);
    expect(sees(dan, taskIn('p-ops', null, null))).toBe(false);
    // General is assigned only for the whole team.
    expect(sees(erin, taskIn('general', 'erin', null))).toBe(true);
    expect(sees(erin, taskIn('general', 'zoe', 'yan'))).toBe(false);
  });

  it('shows someone with no role in the project nothing, not even their own tasks', () => {
    for (const place of places) expect(sees(erin, place), JSON.stringify(place)).toBe(false);
    expect(sees(alice, taskIn(GONE, 'alice', 'alice'))).toBe(false);
  });

  it('shows an admin everything, in a project that does not exist too', () => {
    for (const place of [
      ...places,
      taskIn('p-old', null, null),
      taskIn(GONE, null, null),
      taskIn('p-sup', 'x', 'y'),
    ]) {
      expect(sees(admin, place), JSON.stringify(place)).toBe(true);
    }
  });

  it('still shows an archived project’s tasks to those with a role there', () => {
    for (const actor of everyone) expect(sees(actor, taskIn('p-old', 'zoe', 'yan')), actor.id).toBe(true);
    const archivedOps = PROJECTS.map((project) =>
      project.id === 'p-ops' ? { ...project, archived: true } : project,
    );
    const place = taskIn('p-ops', 'zoe', 'dan');
    expect(canSeeTask(carol, place, rolesIn(carol, archivedOps))).toBe(true);
    expect(canSeeTask(alice, place, rolesIn(alice, archivedOps))).toBe(true);
    expect(canSeeTask(dan, place, rolesIn(dan, archivedOps))).toBe(true);
    expect(canSeeTask(dan, taskIn('p-ops', 'zoe', 'yan'), rolesIn(dan, archivedOps))).toBe(false);
    expect(canSeeTask(erin, place, rolesIn(erin, archivedOps))).toBe(false);
  });
});

describe('checkOp: writes in a project', () => {
  it('lets managers and members write any task of their project, its assignee and life too', () => {
    for (const actor of [alice, bob, admin]) {
      for (const task of [
        taskIn('p-ops', 'zoe', 'yan'),
        taskIn('p-ops', null, null),
        taskIn('p-ops', null, 'yan'),
      ]) {
        for (const [name, op] of WRITES)
          expect(decide(actor, task, op), `${actor.id} ${name}`).toEqual(ALLOWED);
      }
    }
    // A member by the team's role.
    for (const [name, op] of WRITES)
      expect(decide(erin, taskIn('p-dev', 'zoe', 'yan'), op), name).toEqual(ALLOWED);
  });

  it('refuses a commenter every write as read only, on tasks they own too', () => {
    for (const task of [taskIn('p-ops', 'zoe', 'yan'), taskIn('p-ops', 'carol', 'carol')]) {
      for (const [name, op] of [...WRITES, ['move', move('p-dev')] as [string, SyncOp]]) {
        expect(decide(carol, task, op), name).toEqual(refused(READ_ONLY));
      }
      // Writing the assignee or project it already holds is still an edit, still refused.
      expect(decide(carol, task, upsert({ projectId: 'p-ops' }))).toEqual(refused(READ_ONLY));
    }
    for (const [name, op] of WRITES)
      expect(decide(erin, taskIn('p-sup', 'erin', 'erin'), op), name).toEqual(refused(READ_ONLY));
  });

  it('gives an assigned-only person the General rules: the owner does everything', () => {
    const task = taskIn('p-ops', 'dan', 'yan');
    for (const [name, op] of [...WRITES, ['move', move('p-dev')] as [string, SyncOp]]) {
      expect(decide(dan, task, op), name).toEqual(ALLOWED);
    }
  });

  it('gives an assigned-only person the General rules: the assignee edits but does not reassign, delete, restore or move', () => {
    const task = taskIn('p-ops', 'zoe', 'dan');
    expect(decide(dan, task, edit)).toEqual(ALLOWED);
    expect(decide(dan, task, reassign)).toEqual(refused(OWNER_ONLY_ASSIGNEE));
    expect(decide(dan, task, reassignById)).toEqual(refused(OWNER_ONLY_ASSIGNEE));
    expect(decide(dan, task, upsert({ assignedTo: 'Someone else' }))).toEqual(refused(OWNER_ONLY_ASSIGNEE));
    expect(decide(dan, task, life('delete'))).toEqual(refused(OWNER_ONLY_LIFE));
    expect(decide(dan, task, life('restore'))).toEqual(refused(OWNER_ONLY_LIFE));
    expect(decide(dan, task, move('p-dev'))).toEqual(refused(OWNER_ONLY_MOVE));
    // The assignee it already holds is no change.
    expect(decide(dan, task, upsert({ title: 'y', assignedTo: nameOf('dan'), assigneeId: 'dan' }))).toEqual(
      ALLOWED,
    );
    // An ownerless task: its owner's rights are nobody's, its assignee still edits it.
    const ownerless = taskIn('p-ops', null, 'dan');
    expect(decide(dan, ownerless, edit)).toEqual(ALLOWED);
    expect(decide(dan, ownerless, life('delete'))).toEqual(refused(OWNER_ONLY_LIFE));
    expect(decide(dan, ownerless, reassign)).toEqual(refused(OWNER_ONLY_ASSIGNEE));
  });

  it('gives an assigned-only person the General rules: nothing on others’ tasks', () => {
    for (const task of [taskIn('p-ops', 'zoe', 'yan'), taskIn('p-ops', null, null)]) {
      for (const [name, op] of [...WRITES, ['move', move('p-dev')] as [string, SyncOp]]) {
        expect(decide(dan, task, op), name).toEqual(refused(NOT_YOURS));
      }
    }
  });

  it('refuses someone with no role in the project every write as not theirs, on tasks they own too', () => {
    for (const [name, op] of [...WRITES, ['move', move('general')] as [string, SyncOp]]) {
      expect(decide(erin, taskIn('p-ops', 'erin', 'erin'), op), name).toEqual(refused(NOT_YOURS));
    }
  });
});

describe('checkOp: moves', () => {
  it('needs the move out of the source: the owner when assigned only, never a commenter', () => {
    expect(decide(erin, taskIn('general', 'erin', null), move('p-dev'))).toEqual(ALLOWED);
    expect(decide(erin, taskIn('general', 'zoe', 'erin'), move('p-dev'))).toEqual(refused(OWNER_ONLY_MOVE));
    expect(decide(dan, taskIn('p-ops', 'dan', null), move('general'))).toEqual(ALLOWED);
    expect(decide(dan, taskIn('p-ops', null, 'dan'), move('general'))).toEqual(refused(OWNER_ONLY_MOVE));
    expect(decide(carol, taskIn('p-ops', 'carol', null), move('p-dev'))).toEqual(refused(READ_ONLY));
    expect(decide(erin, taskIn('p-sup', 'erin', null), move('p-dev'))).toEqual(refused(READ_ONLY));
    expect(decide(bob, taskIn('p-ops', 'zoe', 'yan'), move('p-dev'))).toEqual(ALLOWED);
    expect(decide(alice, taskIn('p-ops', null, null), move('general'))).toEqual(ALLOWED);
  });

  it('needs creating in the target too', () => {
    const task = taskIn('p-ops', 'zoe', 'yan');
    expect(decide(bob, task, move('p-sup'))).toEqual(refused(NO_PROJECT));
    expect(decide(bob, task, move('p-old'))).toEqual(refused(ARCHIVED));
    expect(decide(bob, task, move(GONE))).toEqual(refused(NO_PROJECT));
    expect(decide(alice, task, move('p-sup'))).toEqual(refused(NO_PROJECT));
    expect(decide(dan, taskIn('p-ops', 'dan', null), move('p-sup'))).toEqual(refused(NO_PROJECT));
    expect(decide(erin, taskIn('general', 'erin', null), move('p-ops'))).toEqual(refused(NO_PROJECT));
    expect(decide(erin, taskIn('general', 'erin', null), move('p-old'))).toEqual(refused(ARCHIVED));
    expect(decide(admin, task, move('p-old'))).toEqual(refused(ARCHIVED));
    expect(decide(admin, task, move(GONE))).toEqual(refused(NO_PROJECT));
    expect(decide(admin, task, move('p-sup'))).toEqual(ALLOWED);
  });

  it('moves along with other fields, checked as a move', () => {
    expect(decide(dan, taskIn('p-ops', 'zoe', 'dan'), upsert({ title: 'x', projectId: 'general' }))).toEqual(
      refused(OWNER_ONLY_MOVE),
    );
    expect(
      decide(
        bob,
        taskIn('p-ops', 'zoe', 'yan'),
        upsert({ title: 'x', projectId: 'p-dev', assigneeId: 'bob' }),
      ),
    ).toEqual(ALLOWED);
  });

  it('does not count writing the task’s own project as a move', () => {
    expect(decide(dan, taskIn('p-ops', 'zoe', 'dan'), move('p-ops'))).toEqual(ALLOWED);
    expect(decide(dan, taskIn('p-ops', 'zoe', 'dan'), upsert({ title: 'x', projectId: 'p-ops' }))).toEqual(
      ALLOWED,
    );
    expect(decide(erin, taskIn('general', 'zoe', 'erin'), move('general'))).toEqual(ALLOWED);
    // Still an assignee change when it changes the assignee.
    expect(
      decide(dan, taskIn('p-ops', 'zoe', 'dan'), upsert({ projectId: 'p-ops', assigneeId: 'zoe' })),
    ).toEqual(refused(OWNER_ONLY_ASSIGNEE));
  });

  it('reads a projectId that is not an id as General', () => {
    for (const value of [42, '', 'has space', null, false]) {
      const label = JSON.stringify(value);
      // On a task in General, no move: the assignee edits.
      expect(decide(erin, taskIn('general', 'zoe', 'erin'), move(value)), label).toEqual(ALLOWED);
      expect(decide(dan, taskIn('general', null, 'dan'), move(value)), label).toEqual(ALLOWED);
      // On a task elsewhere, a move to General.
      expect(decide(dan, taskIn('p-ops', 'zoe', 'dan'), move(value)), label).toEqual(
        refused(OWNER_ONLY_MOVE),
      );
      expect(decide(dan, taskIn('p-ops', 'dan', null), move(value)), label).toEqual(ALLOWED);
      expect(decide(bob, taskIn('p-ops', 'zoe', 'yan'), move(value)), label).toEqual(ALLOWED);
      expect(decide(carol, taskIn('p-ops', 'zoe', 'yan'), move(value)), label).toEqual(refused(READ_ONLY));
    }
    // A move to General is refused where General is archived.
    const closed = PROJECTS.map((project) =>
      project.id === 'general' ? { ...project, archived: true } : project,
    );
    expect(checkOp(bob, taskIn('p-ops', 'zoe', 'yan'), move(42), rolesIn(bob, closed))).toEqual(
      refused(ARCHIVED),
    );
  });
});

describe('checkOp: an archived project', () => {
  const task = taskIn('p-old', 'erin', 'erin');
  const ops: [string, SyncOp][] = [
    ...WRITES,
    ['move to General', move('general')],
    ['move to p-dev', move('p-dev')],
    ['move to itself', move('p-old')],
  ];

  it('refuses every write as archived, to admins, owners and members alike', () => {
    for (const actor of everyone) {
      for (const [name, op] of ops)
        expect(decide(actor, task, op), `${actor.id} ${name}`).toEqual(refused(ARCHIVED));
    }
  });

  it('refuses its managers and commenters as archived too', () => {
    for (const [memberRole, actor] of [
      ['manager', alice],
      ['member', bob],
      ['commenter', carol],
    ] as const) {
      const roles = rolesIn(actor, PROJECTS, [['p-old', memberRole]]);
      for (const [name, op] of ops) {
        expect(checkOp(actor, taskIn('p-old', 'zoe', 'yan'), op, roles), `${memberRole} ${name}`).toEqual(
          refused(ARCHIVED),
        );
      }
    }
    const roles = rolesIn(dan, PROJECTS, [['p-old', 'assigned']]);
    for (const [name, op] of ops) {
      expect(checkOp(dan, taskIn('p-old', 'dan', null), op, roles), name).toEqual(refused(ARCHIVED));
      expect(checkOp(dan, taskIn('p-old', 'zoe', 'dan'), op, roles), name).toEqual(refused(ARCHIVED));
    }
  });
});

describe('properties', () => {
  const PROJECT_IDS = ['general', 'p-a', 'p-b'] as const;
  const PEOPLE = ['u1', 'u2', 'boss'] as const;
  const ACTORS: SyncActor[] = [
    { id: 'u1', role: 'user' },
    { id: 'u2', role: 'user' },
    { id: 'boss', role: 'admin' },
  ];

  const role = fc.constantFrom<ProjectRole | null>(null, ...PROJECT_ROLES);
  const triple = <T>(arb: fc.Arbitrary<T>) => fc.tuple(arb, arb, arb);
  /** A team's projects (their team roles and archived flags) and one person's memberships. */
  const world = fc.record({
    teamRoles: triple(role),
    memberRoles: triple(role),
    archived: triple(fc.boolean()),
  });
  type World = {
    teamRoles: (ProjectRole | null)[];
    memberRoles: (ProjectRole | null)[];
    archived: boolean[];
  };
  const rolesFromWorld = (w: World, actor: SyncActor): ProjectRoles =>
    projectRolesFrom({
      isAdmin: actor.role === 'admin',
      projects: PROJECT_IDS.map((id, i) => ({
        id,
        teamRole: w.teamRoles[i] ?? null,
        archived: w.archived[i] ?? false,
      })),
      memberships: new Map(
        PROJECT_IDS.flatMap((id, i): [string, ProjectRole][] => {
          const memberRole = w.memberRoles[i];
          return memberRole ? [[id, memberRole]] : [];
        }),
      ),
    });
  const exists = (projectId: string) => (PROJECT_IDS as readonly string[]).includes(projectId);
  const isArchived = (w: World, projectId: string) =>
    w.archived[(PROJECT_IDS as readonly string[]).indexOf(projectId)] === true;

  const person = fc.constantFrom<string | null>(...PEOPLE, null);
  const task = (projectIds: fc.Arbitrary<string>) =>
    fc
      .record({
        ownerId: person,
        assigneeId: person,
        projectId: projectIds,
        assignedTo: fc.option(fc.constantFrom<Json>('Somebody', nameOf('u1'), nameOf('u2')), {
          nil: undefined,
        }),
      })
      .map(({ ownerId, assigneeId, projectId, assignedTo }): TaskAccess => ({
        ownerId,
        assigneeId,
        projectId,
        assignedTo: assigneeId === null ? assignedTo : nameOf(assigneeId),
        assigneeIdValue: assigneeId ?? undefined,
      }));
  const anyProject = fc.constantFrom<string>(...PROJECT_IDS, GONE);
  /** Values of `projectId` that are not ids: General. */
  const notAnId = fc.constantFrom<Json>(42, '', 'has space', null);
  /** Edits, assignee changes (or rewrites of the same), deletes and restores: no move. */
  const writeOp = fc.oneof(
    fc.constant(edit),
    person.map((id) =>
      id === null ? upsert({ assigneeId: null }) : upsert({ assignedTo: nameOf(id), assigneeId: id }),
    ),
    person.map((id) => upsert({ title: 'x', assigneeId: id })),
    fc.constantFrom<Json>('Somebody', nameOf('u1')).map((name) => upsert({ assignedTo: name })),
    fc.constant(life('delete')),
    fc.constant(life('restore')),
  );
  const anyOp = fc.oneof(
    writeOp,
    fc
      .oneof(
        anyProject.map((id): Json => id),
        notAnId,
      )
      .map((projectId) => upsert({ title: 'x', projectId })),
  );
  const actor = fc.constantFrom(...ACTORS);

  it('(a) allows a write on an existing task only to someone who sees it', () => {
    fc.assert(
      fc.property(actor, world, task(anyProject), anyOp, (who, w, t, op) => {
        const roles = rolesFromWorld(w, who);
        if (checkOp(who, t, op, roles).allowed) expect(canSeeTask(who, t, roles)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('(b) never allows a write in an archived project', () => {
    fc.assert(
      fc.property(actor, world, task(anyProject), anyOp, (who, w, t, op) => {
        const roles = rolesFromWorld(w, who);
        if (!standingIn(roles, t.projectId).archived) return;
        const decision = checkOp(who, t, op, roles);
        expect(decision.allowed).toBe(false);
        if (canSeeTask(who, t, roles)) expect(decision).toEqual(refused(ARCHIVED));
      }),
      { numRuns: 500 },
    );
  });

  it('(c) allows an admin every write in a live project but moves into an archived or unknown one', () => {
    const boss: SyncActor = { id: 'boss', role: 'admin' };
    fc.assert(
      fc.property(world, task(fc.constantFrom(...PROJECT_IDS)), anyOp, (w, t, op) => {
        fc.pre(!isArchived(w, t.projectId));
        const decision = checkOp(boss, t, op, rolesFromWorld(w, boss));
        const written = op.kind === 'upsert' ? op.fields.projectId : undefined;
        const target = written ? taskProjectId(written.value) : t.projectId;
        if (target !== t.projectId && !exists(target)) expect(decision).toEqual(refused(NO_PROJECT));
        else if (target !== t.projectId && isArchived(w, target)) expect(decision).toEqual(refused(ARCHIVED));
        else expect(decision).toEqual(ALLOWED);
      }),
      { numRuns: 500 },
    );
  });

  it('lets a task be created exactly where the actor’s role creates', () => {
    fc.assert(
      fc.property(
        actor,
        world,
        fc.oneof(
          anyProject.map((id) => upsert({ title: 'x', projectId: id })),
          notAnId.map((projectId) => upsert({ title: 'x', projectId })),
          fc.constant(upsert({ title: 'x' })),
          fc.constant(life('delete')),
          fc.constant(life('restore')),
        ),
        (who, w, op) => {
          const roles = rolesFromWorld(w, who);
          const written = op.kind === 'upsert' ? op.fields.projectId : undefined;
          const target = taskProjectId(written?.value);
          const standing = standingIn(roles, target);
          // Someone with no role learns nothing of the project, archived or not.
          const expected =
            standing.role !== null && standing.archived
              ? refused(ARCHIVED)
              : standing.role === null || standing.role === 'commenter'
                ? refused(NO_PROJECT)
                : ALLOWED;
          expect(checkOp(who, undefined, op, roles)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  /** The rules of before projects (ADR 0013): admins everything; else only who sees the task, by owner or assignee. */
  function originalRules(who: SyncActor, t: TaskAccess, op: SyncOp): AccessDecision {
    if (who.role === 'admin') return ALLOWED;
    if (t.ownerId !== who.id && t.assigneeId !== who.id) return refused(NOT_YOURS);
    if (t.ownerId === who.id) return ALLOWED;
    if (op.kind !== 'upsert') return refused(OWNER_ONLY_LIFE);
    const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);
    const { assignedTo, assigneeId } = op.fields;
    const changes =
      (assignedTo !== undefined && !same(assignedTo.value, t.assignedTo)) ||
      (assigneeId !== undefined && !same(assigneeId.value, t.assigneeIdValue));
    return changes ? refused(OWNER_ONLY_ASSIGNEE) : ALLOWED;
  }

  it('(d) with General only, decides as the rules of before projects did', () => {
    const generalOp = fc.oneof(
      writeOp,
      fc.oneof(fc.constant<Json>('general'), notAnId).map((projectId) => upsert({ title: 'x', projectId })),
    );
    fc.assert(
      fc.property(actor, task(fc.constant('general')), generalOp, (who, t, op) => {
        const roles = generalOnlyRoles(who.role === 'admin');
        expect(checkOp(who, t, op, roles)).toEqual(originalRules(who, t, op));
        expect(canSeeTask(who, t, roles)).toBe(
          who.role === 'admin' || t.ownerId === who.id || t.assigneeId === who.id,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
