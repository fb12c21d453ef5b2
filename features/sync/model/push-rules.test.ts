import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from './access';
import { type SyncActor } from '@/shared/auth/actor';
import { unresolvedAssigneeMessage } from './assignee-binding';
import { createClock, formatHlc, parseHlc } from './hlc';
import { HELD_REJECT_REASONS, type Json, type SyncOp } from './protocol';
import { decidePush, type PushInput, type StoredTask, taskLimitMessage } from './push-rules';
import { pushLookups, writerKey } from './push-lookups';
import { TASK_LIMIT_MESSAGES } from './task-size';
import { OCCURRENCE_MESSAGE } from './occurrence-owner';
import { legacyNextOccurrenceUid, nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import { generalOnlyRoles } from '@/features/projects/model/roles';

const NOW = 10_000_000;
const ADA: SyncActor = { id: 'ada', role: 'admin' };
const MO: SyncActor = { id: 'mo', role: 'user' };

function hlc(wall: number, node = 'dev'): string {
  return formatHlc({ wall, counter: 0, node });
}

function upsert(
  opId: string,
  uid: string,
  values: Record<string, Json>,
  wall = NOW - 100,
  baseV = 0,
): SyncOp {
  const fields = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, { value, hlc: hlc(wall) }]),
  );
  return { kind: 'upsert', opId, uid, baseV, fields };
}

/** A stored task written at push `seq` by stamps at `wall`. */
function stored(
  uid: string,
  values: Record<string, Json>,
  owner: string | null,
  seq = 1,
  wall = NOW - 500,
): StoredTask {
  const fields = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, { value, hlc: hlc(wall, 'old'), seq }]),
  );
  return { synced: { uid, fields, life: null, version: seq }, ownerId: owner, assigneeId: null };
}

function input(actor: SyncActor, ops: SyncOp[], overrides: Partial<PushInput> = {}): PushInput {
  return {
    actor,
    projects: generalOnlyRoles(actor.role === 'admin'),
    request: { clientId: 'c1', ops },
    seq: 5,
    nowMs: NOW,
    clock: createClock('server'),
    tasks: new Map(),
    seen: new Map(),
    actorName: null,
    userIds: new Set(),
    writers: new Map(),
    ownedTasks: 0,
    maxTasksPerOwner: 100,
    nextNumbers: new Map(),
    ...overrides,
  };
}

describe('decidePush', () => {
  it('applies a new task: its sender owns it, the push takes its number, the op log records it', () => {
    const decision = decidePush(input(MO, [upsert('o1', 't1', { title: 'Plan' })]));
    expect(decision.response).toMatchObject({ acks: ['o1'], rejected: [], seq: 5 });
    expect(decision.touched).toBe(true);
    const row = decision.rows.get('t1')!;
    expect(row).toMatchObject({ ownerId: 'mo', assigneeId: null });
    expect(row.synced.fields.title).toEqual({ value: 'Plan', hlc: hlc(NOW - 100), seq: 5 });
    expect(decision.changes.map((change) => [change.op.opId, change.outcome])).toEqual([['o1', 'applied']]);
    // The server's clock has passed the push's stamps, and the answer carries it.
    expect(parseHlc(decision.response.serverHlc).wall).toBe(NOW);
  });

  it('a next occurrence keeps the series’ owner when its sender may see the task it follows', () => {
    const series = stored('w1', { title: 'Weekly' }, 'olive');
    const next = nextOccurrenceUid('w1');
    const completeAndSpawn = [
      upsert('c1', 'w1', { progress: 100, repeatedAs: next }, NOW - 100, 1),
      upsert('c2', next, { title: 'Weekly' }),
    ];
    // An admin completes Olive's task: the next one is Olive's.
    const byAdmin = decidePush(input(ADA, completeAndSpawn, { tasks: new Map([['w1', series]]) }));
    expect(byAdmin.rows.get(next)?.ownerId).toBe('olive');
    expect([...byAdmin.occurrences]).toEqual([[next, 'w1']]);
    // Mo, her assignee, completes it: the next one is still Olive's.
    const assigned = { ...series, assigneeId: 'mo' };
    const byAssignee = decidePush(input(MO, completeAndSpawn, { tasks: new Map([['w1', assigned]]) }));
    expect(byAssignee.response.rejected).toEqual([]);
    expect(byAssignee.rows.get(next)?.ownerId).toBe('olive');
    // An admin may make a derived uid alone (it is then the admin's).
    const alone = decidePush(input(ADA, [upsert('c3', next, { title: 'Weekly' })]));
    expect(alone.rows.get(next)?.ownerId).toBe('ada');
  });

  it('takes the next occurrence as the browser sends it, a restore first, from the assignee: the owner’s, bound to the assignee', () => {
    const series = { ...stored('w1', { title: 'Weekly', assigneeId: 'mo' }, 'olive'), assigneeId: 'mo' };
    const next = nextOccurrenceUid('w1');
    const ops: SyncOp[] = [
      upsert('c1', 'w1', { progress: 100, repeatedAs: next }, NOW - 100, 1),
      { kind: 'restore', opId: 'c2', uid: next, baseV: 0, hlc: hlc(NOW - 100) },
      upsert('c3', next, { title: 'Weekly', assignedTo: 'Mo', assigneeId: 'mo', progress: 0 }),
    ];
    const decision = decidePush(
      input(MO, ops, { tasks: new Map([['w1', series]]), userIds: new Set(['mo']) }),
    );
    expect(decision.response).toMatchObject({ acks: ['c1', 'c2', 'c3'], rejected: [] });
    expect(decision.rows.get(next)).toMatchObject({ ownerId: 'olive', assigneeId: 'mo' });
    expect(decision.rows.get(next)!.synced.fields.title?.value).toBe('Weekly');
  });

  it('refuses a next occurrence from anyone who may not see the task it follows, or who sends it without that task, leaving no trace', () => {
    const series = stored('w1', { title: 'Weekly' }, 'olive');
    const next = nextOccurrenceUid('w1');
    const afterNext = nextOccurrenceUid(next);
    const tasks = new Map([['w1', series]]);
    const attempts: SyncOp[][] = [
      // With the series, which Mo cannot see.
      [
        upsert('c1', 'w1', { progress: 100, repeatedAs: next }, NOW - 100, 1),
        upsert('c2', next, { title: 'Mine' }),
      ],
      // Alone, as an upsert, a delete or a restore (a tombstone would be his too), or based on a version.
      [upsert('c3', next, { title: 'Mine' })],
      [{ kind: 'delete', opId: 'c4', uid: next, baseV: 0, hlc: hlc(NOW - 100) }],
      [{ kind: 'restore', opId: 'c5', uid: next, baseV: 0, hlc: hlc(NOW - 100) }],
      [upsert('c6', next, { title: 'Mine' }, NOW - 100, 3)],
      // The one after next, with the next one made in the same push.
      [upsert('c7', next, { title: 'Mine' }), upsert('c8', afterNext, { title: 'Mine' })],
    ];
    for (const ops of attempts) {
      const decision = decidePush(input(MO, ops, { tasks }));
      const refused = decision.response.rejected.filter((refusal) => refusal.message === OCCURRENCE_MESSAGE);
      expect(refused.map((refusal) => refusal.opId)).toEqual(
        ops.filter((op) => op.uid !== 'w1').map((op) => op.opId),
      );
      expect(refused.every((refusal) => refusal.reason === 'forbidden')).toBe(true);
      expect([...decision.rows.keys()]).toEqual([]);
      expect(decision).toMatchObject({ touched: false, changes: [], conflicts: [], revocations: [] });
    }
  });

  it('takes the next occurrence an open tab of the previous version derives, sent with the task it follows (the old shape)', () => {
    const series = { ...stored('w1', { title: 'Weekly' }, 'olive'), assigneeId: 'mo' };
    const legacy = legacyNextOccurrenceUid('w1');
    const ops = [
      upsert('c1', 'w1', { progress: 100, repeatedAs: legacy }, NOW - 100, 1),
      upsert('c2', legacy, { title: 'Weekly' }),
    ];
    const decision = decidePush(input(MO, ops, { tasks: new Map([['w1', series]]) }));
    expect(decision.response).toMatchObject({ acks: ['c1', 'c2'], rejected: [] });
    expect(decision.rows.get(legacy)?.ownerId).toBe('olive');
  });

  it('refuses a member’s write to a task they cannot see leaving no trace: no records, no op-log row, the task not moved', () => {
    const tasks = new Map([['t1', stored('t1', { title: 'Hers' }, 'ada')]]);
    const ops: SyncOp[] = [
      upsert('o1', 't1', { title: 'Mine' }, NOW - 100, 1),
      { kind: 'delete', opId: 'o2', uid: 't1', baseV: 1, hlc: hlc(NOW - 100) },
    ];
    const decision = decidePush(input(MO, ops, { tasks }));
    expect(decision.response.rejected).toEqual([
      { opId: 'o1', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
      { opId: 'o2', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
    ]);
    expect(decision.response.seq).toBe(0);
    expect(decision).toMatchObject({ touched: false, changes: [], conflicts: [], revocations: [] });
    expect(decision.rows.size).toBe(0);
  });

  it('keeps the values of a refused write by the assignee as records and moves the task', () => {
    const task = { ...stored('t1', { title: 'Hers' }, 'ada'), assigneeId: 'mo' };
    const op = upsert('o1', 't1', { assignedTo: 'Mo' }, NOW - 100, 1);
    const decision = decidePush(input(MO, [op], { tasks: new Map([['t1', task]]) }));
    expect(decision.response.rejected).toEqual([
      { opId: 'o1', reason: 'forbidden', message: ACCESS_MESSAGES.ownerOnlyAssignee },
    ]);
    expect(decision.rows.get('t1')!.synced).toMatchObject({
      version: 5,
      fields: { title: { value: 'Hers' } },
    });
    expect(decision.conflicts).toEqual([
      {
        uid: 't1',
        field: 'assignedTo',
        value: 'Mo',
        hlc: hlc(NOW - 100),
        winningHlc: null,
        reason: 'forbidden',
        authorId: 'mo',
      },
    ]);
    expect(decision.revocations).toEqual([]);
    expect(decision.changes[0]).toMatchObject({
      outcome: 'forbidden',
      message: ACCESS_MESSAGES.ownerOnlyAssignee,
    });
  });

  it('refuses a value its field does not take, keeping nothing of it and not moving the task; the browser holds it', () => {
    const tasks = new Map([
      ['t1', { ...stored('t1', { title: 'Hers', priority: 'High' }, 'ada'), assigneeId: 'mo' }],
    ]);
    const op = upsert('o1', 't1', { priority: '<b>high</b>', progress: 50 }, NOW - 100, 1);
    const decision = decidePush(input(MO, [op], { tasks }));
    const message = 'Priority must be High, Medium or Low. The change stays in this browser.';
    expect(decision.response).toMatchObject({
      acks: [],
      rejected: [{ opId: 'o1', reason: 'invalid', message }],
      seq: 0,
    });
    expect(HELD_REJECT_REASONS.has('invalid')).toBe(true);
    expect(decision.rows.size).toBe(0);
    expect(decision.conflicts).toEqual([]);
    expect(decision.changes[0]).toMatchObject({
      outcome: 'forbidden',
      limit: { reason: 'invalid', message },
    });
    // Values the readers take are stored: a removed priority (Medium), progress as older versions wrote it.
    const fine = decidePush(
      input(MO, [upsert('o2', 't1', { priority: null, progress: '50', column: 'Elsewhere' }, NOW - 100, 1)], {
        tasks,
      }),
    );
    expect(fine.response).toMatchObject({ acks: ['o2'], rejected: [] });
  });

  it('refuses a delete by the assignee (owner only) without a revocation: they still see the task', () => {
    const task = { ...stored('t1', { title: 'Hers' }, 'ada'), assigneeId: 'mo' };
    const deleteOp: SyncOp = { kind: 'delete', opId: 'o1', uid: 't1', baseV: 1, hlc: hlc(NOW - 100) };
    const decision = decidePush(input(MO, [deleteOp], { tasks: new Map([['t1', task]]) }));
    expect(decision.response.rejected).toEqual([
      { opId: 'o1', reason: 'forbidden', message: ACCESS_MESSAGES.ownerOnlyLife },
    ]);
    expect(decision.rows.get('t1')!.synced).toMatchObject({ version: 5, life: null });
    expect(decision.revocations).toEqual([]);
    expect(decision.conflicts).toEqual([]);
  });

  it('refuses an operation again, with its reason and message, when it was refused before; nothing is recorded', () => {
    const seen = new Map([
      [
        'o1',
        {
          outcome: 'forbidden' as const,
          message: TASK_LIMIT_MESSAGES.tooLarge,
          reason: 'too-large' as const,
        },
      ],
      ['o2', { outcome: 'forbidden' as const, message: ACCESS_MESSAGES.notYours }],
      ['o3', { outcome: 'unchanged' as const }],
    ]);
    const ops = [
      upsert('o1', 't1', { title: 'x' }),
      upsert('o2', 't2', { title: 'y' }),
      upsert('o3', 't3', {}),
    ];
    const decision = decidePush(input(MO, ops, { seen }));
    expect(decision.response).toMatchObject({
      acks: ['o3'],
      rejected: [
        { opId: 'o1', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooLarge },
        { opId: 'o2', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
      ],
      seq: 0,
    });
    expect(decision).toMatchObject({ touched: false, changes: [], conflicts: [], revocations: [] });
    expect(decision.rows.size).toBe(0);
  });

  it('refuses an operation repeated within one push the way it refused the first', () => {
    const big = 'x'.repeat(18_000);
    const op = upsert('o1', 't1', { title: big, description: big });
    const decision = decidePush(input(ADA, [op, op]));
    expect(decision.response.rejected.map((refusal) => refusal.reason)).toEqual(['too-large', 'too-large']);
    expect(decision.changes).toHaveLength(1);
  });

  it('refuses a write past the size limit without moving the task or keeping its values', () => {
    const tasks = new Map([['t1', stored('t1', { description: 'd'.repeat(18_000) }, 'mo')]]);
    const op = upsert('o1', 't1', { title: '€'.repeat(15_000) }, NOW - 100, 1);
    const decision = decidePush(input(MO, [op], { tasks }));
    expect(decision.response).toMatchObject({
      rejected: [{ opId: 'o1', reason: 'too-large', message: TASK_LIMIT_MESSAGES.tooLarge }],
      seq: 0,
    });
    expect(decision.rows.size).toBe(0);
    expect(decision.conflicts).toEqual([]);
    expect(decision.changes[0]!.limit).toEqual({
      reason: 'too-large',
      message: TASK_LIMIT_MESSAGES.tooLarge,
    });
  });

  it('counts the tasks a push creates against the owner’s cap; deletes of unknown tasks do not count', () => {
    const ops = [
      { kind: 'delete' as const, opId: 'd1', uid: 't0', baseV: 0, hlc: hlc(NOW - 100) },
      upsert('o1', 't1', { title: 'One' }),
      upsert('o2', 't1', { title: 'One again' }, NOW - 50),
      upsert('o3', 't2', { title: 'Two' }),
    ];
    const decision = decidePush(input(MO, ops, { ownedTasks: 2, maxTasksPerOwner: 3 }));
    expect(decision.response.acks).toEqual(['d1', 'o1', 'o2']);
    expect(decision.response.rejected).toEqual([
      { opId: 'o3', reason: 'task-limit', message: taskLimitMessage(3) },
    ]);
  });

  it('keeps an edit of a task purged since its sender saw it as after-delete records, and creates nothing', () => {
    const deleteOp: SyncOp = { kind: 'delete', opId: 'o2', uid: 'gone', baseV: 3, hlc: hlc(NOW - 100) };
    const decision = decidePush(input(MO, [upsert('o1', 'gone', { title: 'Late' }, NOW - 100, 3), deleteOp]));
    expect(decision.response).toMatchObject({ acks: ['o1', 'o2'], rejected: [], seq: 5 });
    expect(decision.rows.size).toBe(0);
    expect(decision.conflicts).toEqual([
      {
        uid: 'gone',
        field: 'title',
        value: 'Late',
        hlc: hlc(NOW - 100),
        winningHlc: null,
        reason: 'after-delete',
        authorId: 'mo',
      },
    ]);
    expect(decision.changes.map((change) => change.outcome)).toEqual(['unchanged', 'unchanged']);
  });

  it('binds a name written alone only to its writer: another member’s name leaves the task unassigned, and the writer is told', () => {
    // Oli is the one account named "Oli Other": a name alone still does not give Oli the task.
    const ops = [
      upsert('o1', 't1', { title: 'A', assignedTo: 'Oli Other' }),
      upsert('o2', 't2', { assignedTo: 'Mo Member' }),
      upsert('o3', 't3', { title: 'C', assignedTo: 'Mo Member', assigneeId: 'oli' }),
    ];
    const decision = decidePush(
      input(MO, ops, { actorName: 'Mo Member', userIds: new Set(['oli']), ownedTasks: 0 }),
    );
    expect(decision.rows.get('t1')).toMatchObject({ assigneeId: null });
    expect(decision.rows.get('t1')!.synced.fields.assigneeId).toMatchObject({
      value: '',
      hlc: hlc(NOW - 100),
    });
    // The writer's own name binds the writer, with the name's stamp.
    expect(decision.rows.get('t2')).toMatchObject({ assigneeId: 'mo' });
    expect(decision.rows.get('t2')!.synced.fields.assigneeId).toMatchObject({
      value: 'mo',
      hlc: hlc(NOW - 100),
    });
    // Written with an id: the id decides, whatever the name.
    expect(decision.rows.get('t3')).toMatchObject({ assigneeId: 'oli' });
    expect(decision.response.notices).toEqual([
      { opId: 'o1', uid: 't1', message: unresolvedAssigneeMessage('A', 'Oli Other') },
    ]);
    expect(decision.revocations).toEqual([]);
  });

  it('binds nobody by a stored name someone else wrote, even the actor’s own name', () => {
    // A stored name newer than the id (not written by this push): its writer is not known.
    const task = {
      ...stored('t1', { title: 'A', assignedTo: 'Mo Member' }, 'mo', 1, NOW - 50),
      assigneeId: null,
    };
    task.synced.fields.assigneeId = { value: 'oli', hlc: hlc(NOW - 600, 'old'), seq: 1 };
    const ops = [upsert('o1', 't1', { assigneeId: 'ada' }, NOW - 100, 1)];
    const decision = decidePush(
      input(MO, ops, { tasks: new Map([['t1', task]]), actorName: 'Mo Member', userIds: new Set(['ada']) }),
    );
    expect(decision.rows.get('t1')).toMatchObject({ assigneeId: null });
  });

  it('takes a task from its old assignee when its owner reassigns it: a revocation for them', () => {
    const task = { ...stored('t1', { title: 'A', assigneeId: 'oli' }, 'mo'), assigneeId: 'oli' };
    const ops = [upsert('o1', 't1', { assigneeId: 'ada' }, NOW - 100, 1)];
    const decision = decidePush(
      input(MO, ops, { tasks: new Map([['t1', task]]), userIds: new Set(['ada']) }),
    );
    expect(decision.rows.get('t1')).toMatchObject({ ownerId: 'mo', assigneeId: 'ada' });
    expect(decision.revocations).toEqual([{ uid: 't1', userId: 'oli' }]);
  });

  it('names the writer of a value overwritten unseen from the writers it is given', () => {
    const tasks = new Map([['t1', stored('t1', { title: 'Old' }, 'mo', 3)]]);
    const ops = [upsert('o1', 't1', { title: 'New' }, NOW - 100, 1)];
    const decision = decidePush(input(ADA, ops, { tasks, writers: new Map([[writerKey('t1', 3), 'mo']]) }));
    expect(decision.conflicts).toEqual([
      expect.objectContaining({
        value: 'Old',
        reason: 'concurrent',
        winningHlc: hlc(NOW - 100),
        authorId: 'mo',
      }),
    ]);
  });

  it('says whose value each concurrent record replaced and whose write replaced it, either way round', () => {
    const tasks = new Map([['t1', stored('t1', { title: 'Old', description: 'Kept' }, 'mo', 3, NOW - 50)]]);
    const writers = new Map([[writerKey('t1', 3), 'mo']]);
    // Ada's title is later than Mo's (which she had not seen); her description older than his.
    const ops: SyncOp[] = [
      {
        kind: 'upsert',
        opId: 'o1',
        uid: 't1',
        baseV: 1,
        fields: {
          title: { value: 'New', hlc: hlc(NOW - 10) },
          description: { value: 'Lost', hlc: hlc(NOW - 90) },
        },
      },
    ];
    const decision = decidePush(input(ADA, ops, { tasks, writers }));
    expect(decision.replaced).toEqual([
      { uid: 't1', field: 'title', loserId: 'mo', winnerId: 'ada' },
      { uid: 't1', field: 'description', loserId: 'ada', winnerId: 'mo' },
    ]);
    // Asked of the op log: the writer of a value a pushed write may lose to, whatever its base.
    expect(
      pushLookups({ clientId: 'c1', ops: [upsert('o2', 't1', { title: 'X' }, NOW - 90, 3)] }, tasks).writers,
    ).toEqual([{ uid: 't1', seq: 3 }]);
  });

  it('re-stamps a write from too far ahead with a server stamp, and changes none of its inputs', () => {
    const tasks = new Map([['t1', stored('t1', { title: 'Old' }, 'mo')]]);
    const given = input(MO, [upsert('o1', 't1', { title: 'Future' }, NOW + 3_600_000, 1)], { tasks });
    const before = structuredClone(given);
    const decision = decidePush(given);
    const written = decision.changes[0]!.op;
    expect(written.kind === 'upsert' && parseHlc(written.fields.title!.hlc)).toMatchObject({
      wall: NOW,
      node: 'server',
    });
    expect(given).toEqual(before);
  });
});

describe('pushLookups', () => {
  it('lists whether an operation writes a name, the ids it may bind, the writers it may overwrite, and whether it creates a task', () => {
    const tasks = new Map([
      ['t1', { ...stored('t1', { title: 'A', assignedTo: 'Mo Member', assigneeId: 'mo' }, 'mo', 4) }],
    ]);
    const request = {
      clientId: 'c1',
      ops: [
        upsert('o1', 't1', { assigneeId: 'oli', title: 'B' }, NOW - 100, 2),
        upsert('o2', 't2', { assignedTo: 'Cafe\u0301' }),
      ],
    };
    expect(pushLookups(request, tasks)).toEqual({
      byName: true,
      ids: new Set(['oli', 'mo']),
      writers: [{ uid: 't1', seq: 4 }],
      countOwned: true,
    });
    expect(pushLookups({ clientId: 'c1', ops: [upsert('o1', 't1', { title: 'C' }, NOW, 4)] }, tasks)).toEqual(
      {
        byName: false,
        ids: new Set(),
        writers: [],
        countOwned: false,
      },
    );
  });
});
