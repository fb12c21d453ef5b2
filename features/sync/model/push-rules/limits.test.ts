import { describe, expect, it } from 'vitest';
import type { SyncOp } from '../protocol';
import { createLimits, taskLimitMessage } from './limits';

function create(uid: string, baseV = 0): SyncOp {
  return { kind: 'upsert', opId: `op-${uid}`, uid, baseV, fields: { title: { value: uid, hlc: 'x' } } };
}

describe('createLimits', () => {
  it('counts the tasks one push creates against the owner cap', () => {
    const overLimit = createLimits({ ownedTasks: 1, maxTasksPerOwner: 2 });
    expect(overLimit(create('a'), undefined)).toBeNull();
    expect(overLimit(create('b'), undefined)).toEqual({ reason: 'task-limit', message: taskLimitMessage(2) });
  });

  it('does not count writes to a task the sender had seen, nor deletes', () => {
    const overLimit = createLimits({ ownedTasks: 2, maxTasksPerOwner: 2 });
    expect(overLimit(create('a', 3), undefined)).toBeNull();
    expect(overLimit({ kind: 'delete', opId: 'd', uid: 'a', baseV: 0, hlc: 'x' }, undefined)).toBeNull();
  });

  it('refuses a value its field does not take as invalid', () => {
    const overLimit = createLimits({ ownedTasks: 0, maxTasksPerOwner: 2 });
    const op: SyncOp = {
      kind: 'upsert',
      opId: 'o',
      uid: 'a',
      baseV: 0,
      fields: { priority: { value: '<b>high</b>', hlc: 'x' } },
    };
    expect(overLimit(op, undefined)?.reason).toBe('invalid');
  });
});
