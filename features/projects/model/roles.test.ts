import { describe, expect, it } from 'vitest';
import {
  PROJECT_COMMANDS,
  PROJECT_PERMISSIONS,
  PROJECT_ROLES,
  PROJECT_ROLE_NAMES,
  can,
  effectiveRole,
  isProjectRole,
  seesWholeProject,
  type ProjectCommand,
  type ProjectRole,
  type Reach,
  type TaskPeople,
} from './roles';

const open = { archived: false };
const archived = { archived: true };

/** Alice's task, assigned to Bob. */
const aliceTask: TaskPeople = { ownerId: 'alice', assigneeId: 'bob' };
const unowned: TaskPeople = { ownerId: null, assigneeId: null };

/** The role matrix, written out: a change to PROJECT_PERMISSIONS must change this table too. */
const EXPECTED: Record<ProjectCommand, [assigned: Reach, commenter: Reach, member: Reach, manager: Reach]> = {
  see: ['mine', 'any', 'any', 'any'],
  comment: ['mine', 'any', 'any', 'any'],
  create: ['any', 'none', 'any', 'any'],
  edit: ['mine', 'none', 'any', 'any'],
  assign: ['owned', 'none', 'any', 'any'],
  delete: ['owned', 'none', 'any', 'any'],
  'move-out': ['owned', 'none', 'any', 'any'],
  manage: ['none', 'none', 'none', 'any'],
};

/** The commands that concern a task. */
const TASK_COMMANDS = ['see', 'comment', 'edit', 'assign', 'delete', 'move-out'] as const;

describe('roles', () => {
  it('lists the roles lowest first, with their names on the screens', () => {
    expect(PROJECT_ROLES).toEqual(['assigned', 'commenter', 'member', 'manager']);
    expect(PROJECT_ROLE_NAMES).toEqual({
      assigned: 'Assigned only',
      commenter: 'Commenter',
      member: 'Member',
      manager: 'Manager',
    });
  });

  it('recognises a role and nothing else', () => {
    for (const role of ['assigned', 'commenter', 'member', 'manager'])
      expect(isProjectRole(role), role).toBe(true);
    for (const value of [
      'Manager',
      'admin',
      'owner',
      'assigned only',
      '',
      ' member',
      null,
      undefined,
      0,
      {},
      ['member'],
    ])
      expect(isProjectRole(value), String(value)).toBe(false);
  });

  it('lists the commands', () => {
    expect(PROJECT_COMMANDS).toEqual([
      'see',
      'comment',
      'create',
      'edit',
      'assign',
      'delete',
      'move-out',
      'manage',
    ]);
  });
});

describe('the role matrix', () => {
  it('is exactly the expected table', () => {
    expect(Object.keys(PROJECT_PERMISSIONS).sort()).toEqual([...PROJECT_COMMANDS].sort());
    const actual = Object.fromEntries(
      PROJECT_COMMANDS.map((command) => {
        expect(Object.keys(PROJECT_PERMISSIONS[command]).sort(), command).toEqual([...PROJECT_ROLES].sort());
        return [command, PROJECT_ROLES.map((role) => PROJECT_PERMISSIONS[command][role])];
      }),
    );
    expect(actual).toEqual(EXPECTED);
  });

  it('is what can decides by, for every role and command', () => {
    const reachOf = (role: ProjectRole, command: ProjectCommand): Reach => {
      const index = PROJECT_ROLES.indexOf(role);
      return EXPECTED[command][index]!;
    };
    for (const role of PROJECT_ROLES) {
      for (const command of PROJECT_COMMANDS) {
        const reach = reachOf(role, command);
        const label = `${role} ${command}`;
        // On Alice's task: as its owner, as its assignee, as someone else.
        expect(
          can(role, command, { project: open, userId: 'alice', task: aliceTask }),
          `${label} owner`,
        ).toBe(reach !== 'none');
        expect(
          can(role, command, { project: open, userId: 'bob', task: aliceTask }),
          `${label} assignee`,
        ).toBe(reach === 'any' || reach === 'mine');
        expect(
          can(role, command, { project: open, userId: 'carol', task: aliceTask }),
          `${label} other`,
        ).toBe(reach === 'any');
        // No task given.
        expect(can(role, command, { project: open, userId: 'alice' }), `${label} no task`).toBe(
          reach === 'any',
        );
      }
    }
  });
});

describe('effectiveRole', () => {
  it('makes an instance admin a manager, whatever else', () => {
    for (const memberRole of [null, ...PROJECT_ROLES])
      for (const teamRole of [null, ...PROJECT_ROLES])
        expect(effectiveRole({ isAdmin: true, memberRole, teamRole })).toBe('manager');
  });

  it('takes the membership role over the team role', () => {
    expect(effectiveRole({ isAdmin: false, memberRole: 'assigned', teamRole: 'manager' })).toBe('assigned');
    expect(effectiveRole({ isAdmin: false, memberRole: 'manager', teamRole: 'assigned' })).toBe('manager');
    expect(effectiveRole({ isAdmin: false, memberRole: 'commenter', teamRole: null })).toBe('commenter');
    for (const memberRole of PROJECT_ROLES)
      for (const teamRole of [null, ...PROJECT_ROLES])
        expect(effectiveRole({ isAdmin: false, memberRole, teamRole })).toBe(memberRole);
  });

  it('takes the team role when there is no membership', () => {
    for (const teamRole of PROJECT_ROLES)
      expect(effectiveRole({ isAdmin: false, memberRole: null, teamRole })).toBe(teamRole);
  });

  it('gives no role when there is neither', () => {
    expect(effectiveRole({ isAdmin: false, memberRole: null, teamRole: null })).toBeNull();
  });
});

describe('can', () => {
  it('allows nothing without a role', () => {
    for (const command of PROJECT_COMMANDS) {
      for (const project of [open, archived]) {
        for (const task of [undefined, aliceTask, unowned]) {
          expect(can(null, command, { project, userId: 'alice', task }), command).toBe(false);
        }
      }
    }
  });

  it('lets an assigned-only person see, comment and edit the tasks they own or are assigned to', () => {
    for (const command of ['see', 'comment', 'edit'] as const) {
      expect(can('assigned', command, { project: open, userId: 'alice', task: aliceTask }), command).toBe(
        true,
      );
      expect(can('assigned', command, { project: open, userId: 'bob', task: aliceTask }), command).toBe(true);
      expect(can('assigned', command, { project: open, userId: 'carol', task: aliceTask }), command).toBe(
        false,
      );
      expect(can('assigned', command, { project: open, userId: 'alice' }), command).toBe(false);
      expect(can('assigned', command, { project: open, userId: 'alice', task: unowned }), command).toBe(
        false,
      );
    }
  });

  it('matches a task by owner or assignee alone', () => {
    const onlyOwner: TaskPeople = { ownerId: 'alice', assigneeId: null };
    const onlyAssignee: TaskPeople = { ownerId: null, assigneeId: 'alice' };
    expect(can('assigned', 'see', { project: open, userId: 'alice', task: onlyOwner })).toBe(true);
    expect(can('assigned', 'see', { project: open, userId: 'alice', task: onlyAssignee })).toBe(true);
    expect(can('assigned', 'see', { project: open, userId: 'bob', task: onlyOwner })).toBe(false);
    expect(can('assigned', 'see', { project: open, userId: 'bob', task: onlyAssignee })).toBe(false);
  });

  it('lets an assigned-only person assign, delete and move out only the tasks they own', () => {
    for (const command of ['assign', 'delete', 'move-out'] as const) {
      expect(can('assigned', command, { project: open, userId: 'alice', task: aliceTask }), command).toBe(
        true,
      );
      expect(can('assigned', command, { project: open, userId: 'bob', task: aliceTask }), command).toBe(
        false,
      );
      expect(can('assigned', command, { project: open, userId: 'carol', task: aliceTask }), command).toBe(
        false,
      );
      expect(can('assigned', command, { project: open, userId: 'alice' }), command).toBe(false);
      expect(
        can('assigned', command, {
          project: open,
          userId: 'bob',
          task: { ownerId: 'bob', assigneeId: 'bob' },
        }),
        command,
      ).toBe(true);
    }
  });

  it('lets an assigned-only person create tasks but not manage the project', () => {
    expect(can('assigned', 'create', { project: open, userId: 'alice' })).toBe(true);
    expect(can('assigned', 'manage', { project: open, userId: 'alice' })).toBe(false);
  });

  it('lets a commenter see and comment on every task, and nothing else', () => {
    for (const userId of ['alice', 'bob', 'carol']) {
      expect(can('commenter', 'see', { project: open, userId, task: aliceTask })).toBe(true);
      expect(can('commenter', 'comment', { project: open, userId, task: aliceTask })).toBe(true);
      for (const command of ['create', 'edit', 'assign', 'delete', 'move-out', 'manage'] as const)
        expect(can('commenter', command, { project: open, userId, task: aliceTask }), command).toBe(false);
    }
  });

  it('lets a member do everything on every task but manage the project', () => {
    for (const command of PROJECT_COMMANDS)
      expect(can('member', command, { project: open, userId: 'carol', task: aliceTask }), command).toBe(
        command !== 'manage',
      );
  });

  it('lets a manager do everything', () => {
    for (const command of PROJECT_COMMANDS) {
      expect(can('manager', command, { project: open, userId: 'carol', task: aliceTask }), command).toBe(
        true,
      );
      expect(can('manager', command, { project: open, userId: 'carol', task: unowned }), command).toBe(true);
    }
    expect(can('manager', 'manage', { project: open, userId: 'carol' })).toBe(true);
  });

  it('allows only seeing in an archived project, and managing to its managers', () => {
    for (const role of PROJECT_ROLES) {
      for (const command of PROJECT_COMMANDS) {
        for (const userId of ['alice', 'bob', 'carol']) {
          const allowed = can(role, command, { project: archived, userId, task: aliceTask });
          const label = `${role} ${command} ${userId}`;
          if (command === 'see') {
            // The same reach rules as in an open project.
            expect(allowed, label).toBe(can(role, 'see', { project: open, userId, task: aliceTask }));
          } else if (command === 'manage') {
            expect(allowed, label).toBe(role === 'manager');
          } else {
            expect(allowed, label).toBe(false);
          }
        }
      }
    }
    expect(can('assigned', 'see', { project: archived, userId: 'alice', task: aliceTask })).toBe(true);
    expect(can('assigned', 'see', { project: archived, userId: 'carol', task: aliceTask })).toBe(false);
    expect(can('commenter', 'see', { project: archived, userId: 'carol', task: aliceTask })).toBe(true);
    expect(can('manager', 'manage', { project: archived, userId: 'carol' })).toBe(true);
    expect(can('manager', 'edit', { project: archived, userId: 'carol', task: aliceTask })).toBe(false);
    expect(can('manager', 'create', { project: archived, userId: 'carol' })).toBe(false);
    expect(can('member', 'comment', { project: archived, userId: 'alice', task: aliceTask })).toBe(false);
  });

  it('allows create and manage without a task, the task commands only for any-reach roles', () => {
    for (const role of PROJECT_ROLES) {
      expect(can(role, 'create', { project: open, userId: 'alice' }), role).toBe(role !== 'commenter');
      expect(can(role, 'manage', { project: open, userId: 'alice' }), role).toBe(role === 'manager');
      for (const command of TASK_COMMANDS)
        expect(can(role, command, { project: open, userId: 'alice' }), `${role} ${command}`).toBe(
          role === 'member' ||
            role === 'manager' ||
            (role === 'commenter' && (command === 'see' || command === 'comment')),
        );
    }
  });
});

describe('seesWholeProject', () => {
  it('is commenter and up', () => {
    expect(seesWholeProject(null)).toBe(false);
    expect(seesWholeProject('assigned')).toBe(false);
    expect(seesWholeProject('commenter')).toBe(true);
    expect(seesWholeProject('member')).toBe(true);
    expect(seesWholeProject('manager')).toBe(true);
  });

  it('agrees with whether the role sees a task that is not theirs', () => {
    for (const role of PROJECT_ROLES)
      expect(seesWholeProject(role), role).toBe(
        can(role, 'see', { project: open, userId: 'carol', task: aliceTask }),
      );
  });
});
