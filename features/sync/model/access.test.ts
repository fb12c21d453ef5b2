import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, canSeeTask, checkOp, type TaskAccess } from './access';
import { generalOnlyRoles } from '@/features/projects/model/roles';
import { type SyncActor } from '@/shared/auth/actor';
import type { SyncOp } from './protocol';

const HLC = '000001700000000-000000-dev1';
const admin: SyncActor = { id: 'admin', role: 'admin' };
const alice: SyncActor = { id: 'alice', role: 'user' };
const bob: SyncActor = { id: 'bob', role: 'user' };
const carol: SyncActor = { id: 'carol', role: 'user' };
/** Everyone's standing with only the General project, as the migration makes it: the rule of before projects. */
const rolesOf = (actor: SyncActor) => generalOnlyRoles(actor.role === 'admin');

const aliceTask: TaskAccess = {
  ownerId: 'alice',
  assigneeId: 'bob',
  projectId: 'general',
  assignedTo: 'Bob Jones',
  assigneeIdValue: 'bob',
};
const ownerless: TaskAccess = {
  ownerId: null,
  assigneeId: 'bob',
  projectId: 'general',
  assignedTo: 'Bob Jones',
  assigneeIdValue: 'bob',
};

const upsert = (fields: Record<string, unknown>): SyncOp => ({
  kind: 'upsert',
  opId: 'op1',
  uid: 'task1',
  baseV: 0,
  fields: Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, { value: value as string, hlc: HLC }]),
  ),
});
const life = (kind: 'delete' | 'restore'): SyncOp => ({
  kind,
  opId: 'op1',
  uid: 'task1',
  baseV: 0,
  hlc: HLC,
});

describe('canSeeTask', () => {
  it('lets the owner, the assignee and admins see a task, nobody else', () => {
    expect(canSeeTask(alice, aliceTask, rolesOf(alice))).toBe(true);
    expect(canSeeTask(bob, aliceTask, rolesOf(bob))).toBe(true);
    expect(canSeeTask(admin, aliceTask, rolesOf(admin))).toBe(true);
    expect(canSeeTask(carol, aliceTask, rolesOf(carol))).toBe(false);
    expect(canSeeTask(carol, { ownerId: null, assigneeId: null, projectId: 'general' }, rolesOf(carol))).toBe(
      false,
    );
    expect(canSeeTask(admin, { ownerId: null, assigneeId: null, projectId: 'general' }, rolesOf(admin))).toBe(
      true,
    );
  });
});

describe('checkOp', () => {
  it('lets anyone create a task the server has never seen, with any operation', () => {
    for (const actor of [alice, bob, admin]) {
      expect(
        checkOp(actor, undefined, upsert({ title: 'x', assignedTo: 'Bob Jones' }), rolesOf(actor)),
      ).toEqual({
        allowed: true,
      });
      expect(checkOp(actor, undefined, life('delete'), rolesOf(actor))).toEqual({ allowed: true });
    }
  });

  it('lets the owner do everything', () => {
    expect(checkOp(alice, aliceTask, upsert({ title: 'x', assignedTo: 'Carol' }), rolesOf(alice))).toEqual({
      allowed: true,
    });
    expect(checkOp(alice, aliceTask, life('delete'), rolesOf(alice))).toEqual({ allowed: true });
    expect(checkOp(alice, aliceTask, life('restore'), rolesOf(alice))).toEqual({ allowed: true });
  });

  it('lets the assignee edit fields but not delete, restore or reassign', () => {
    expect(checkOp(bob, aliceTask, upsert({ title: 'x', status: 'Done' }), rolesOf(bob))).toEqual({
      allowed: true,
    });
    expect(checkOp(bob, aliceTask, life('delete'), rolesOf(bob))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.ownerOnlyLife,
    });
    expect(checkOp(bob, aliceTask, life('restore'), rolesOf(bob))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.ownerOnlyLife,
    });
    expect(checkOp(bob, aliceTask, upsert({ title: 'x', assignedTo: 'Carol' }), rolesOf(bob))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.ownerOnlyAssignee,
    });
    expect(checkOp(bob, aliceTask, upsert({ assigneeId: 'carol' }), rolesOf(bob))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.ownerOnlyAssignee,
    });
    // Sending the value it already holds changes nothing, so it is allowed.
    expect(checkOp(bob, aliceTask, upsert({ assignedTo: 'Bob Jones' }), rolesOf(bob))).toEqual({
      allowed: true,
    });
    expect(
      checkOp(bob, aliceTask, upsert({ assignedTo: 'Bob Jones', assigneeId: 'bob' }), rolesOf(bob)),
    ).toEqual({
      allowed: true,
    });
  });

  it('refuses every write by a member who neither owns nor is assigned the task', () => {
    for (const op of [upsert({ title: 'x' }), life('delete'), life('restore')]) {
      expect(checkOp(carol, aliceTask, op, rolesOf(carol))).toEqual({
        allowed: false,
        message: ACCESS_MESSAGES.notYours,
      });
    }
  });

  it('leaves an ownerless task to admins; its assignee may still edit fields', () => {
    expect(checkOp(admin, ownerless, life('delete'), rolesOf(admin))).toEqual({ allowed: true });
    expect(checkOp(bob, ownerless, upsert({ title: 'x' }), rolesOf(bob))).toEqual({ allowed: true });
    expect(checkOp(bob, ownerless, life('delete'), rolesOf(bob))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.ownerOnlyLife,
    });
    expect(checkOp(carol, ownerless, upsert({ title: 'x' }), rolesOf(carol))).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.notYours,
    });
  });

  it('never allows a write to a member who cannot see the task, and always allows admins', () => {
    const ids = fc.constantFrom('alice', 'bob', 'carol', null);
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.constantFrom('alice', 'bob', 'carol'),
        fc.constantFrom(upsert({ title: 'x' }), upsert({ assignedTo: 'Z' }), life('delete'), life('restore')),
        (ownerId, assigneeId, actorId, op) => {
          const task: TaskAccess = {
            ownerId,
            assigneeId,
            projectId: 'general',
            assignedTo: 'Y',
            assigneeIdValue: assigneeId,
          };
          const actor: SyncActor = { id: actorId, role: 'user' };
          const decision = checkOp(actor, task, op, rolesOf(actor));
          if (!canSeeTask(actor, task, rolesOf(actor))) expect(decision.allowed).toBe(false);
          if (ownerId === actorId) expect(decision.allowed).toBe(true);
          expect(
            checkOp({ id: actorId, role: 'admin' }, task, op, rolesOf({ id: actorId, role: 'admin' }))
              .allowed,
          ).toBe(true);
        },
      ),
    );
  });
});
