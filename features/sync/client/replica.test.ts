import { describe, expect, it } from 'vitest';

import type { Task } from '@/features/tasks/model/task-types';
import type { Json, SyncOp } from '../model/protocol';
import {
  applyPullPage,
  applyPushResponse,
  beforePull,
  createMeta,
  finishWalk,
  freezeOps,
  hashValue,
  heldMessage,
  isIdlePage,
  MAX_WALK_AGE_MS,
  nextPushBatch,
  pendingCount,
  readMeta,
  recordChanges,
  recordLocalChanges,
  startWalk,
  travels,
  unsyncedTasks,
  answerFirstSyncChoice,
  type SyncMeta,
} from './replica';
import { sampleTask } from '../testing/fixtures';
import { nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';

const NOW = 1_800_000_000_000;
const S0 = '001800000000000-000000-c1';
const S1 = '001800000000000-000001-c1';
const S2 = '001800000000000-000002-c1';

function uploadMeta(): SyncMeta {
  const meta = createMeta('u1', 'c1');
  meta.decided = 'upload';
  return meta;
}

function uids(): () => string {
  let next = 0;
  return () => `uid-${++next}`;
}

/** A meta that has synced task `uid-1` at version 4 with the values of `sampleTask()`. */
function syncedMeta(): { meta: SyncMeta; tasks: Task[] } {
  const meta = uploadMeta();
  const task = sampleTask({ uid: 'uid-1' });
  const h: Record<string, string> = {};
  for (const [field, value] of Object.entries(task))
    if (field !== 'id' && field !== 'uid') h[field] = hashValue(value);
  meta.tasks['uid-1'] = { v: 4, h };
  return { meta, tasks: [task] };
}

describe('hashValue', () => {
  it('is FNV-1a 32-bit of the JSON in base 36, undefined as null', () => {
    // FNV-1a of the JSON text: '""' → 0xffcaaa85, '"a"' → 0x61a1cfea.
    expect(hashValue('')).toBe('1yz14zp');
    expect(hashValue('a')).toBe('r37wmi');
    expect(hashValue(null)).toBe(hashValue(undefined));
    expect(hashValue('a')).not.toBe(hashValue('b'));
    expect(hashValue(50)).not.toBe(hashValue('50'));
  });
});

describe('travels', () => {
  it('keeps id, uid, odd names and oversized values on the device', () => {
    expect(travels('title', 'x')).toBe(true);
    expect(travels('id', '1')).toBe(false);
    expect(travels('uid', 'u')).toBe(false);
    expect(travels('due-date', 'x')).toBe(false);
    expect(travels('_x', 'x')).toBe(false);
    expect(travels('notes', 'x'.repeat(20_000))).toBe(false);
    expect(travels('notes', 'x'.repeat(19_998))).toBe(true);
  });
});

describe('readMeta', () => {
  it('reads what createMeta made and refuses anything else', () => {
    const meta = createMeta('u1', 'c1');
    expect(readMeta(JSON.parse(JSON.stringify(meta)))).toEqual(meta);
    expect(readMeta({ ...meta, version: 2 })).toBeNull();
    expect(readMeta({ ...meta, hlc: 'nope' })).toBeNull();
    expect(readMeta(null)).toBeNull();
  });
});

describe('recordChanges', () => {
  it('gives a new task a uid with every travelling field dirty at one stamp', () => {
    const meta = uploadMeta();
    const next = [sampleTask({ 'odd-name': 1 })];
    const out = recordChanges(meta, [], next, NOW, uids());
    expect(out).toEqual([{ ...next[0], uid: 'uid-1' }]);
    expect(out).not.toBe(next);
    expect(meta.dirty).toEqual({
      'uid-1': {
        f: {
          title: hashValue('T'),
          description: hashValue('D'),
          priority: hashValue('Medium'),
          deadline: hashValue(''),
          progress: hashValue(0),
          assignedTo: hashValue('A'),
        },
        s: S0,
      },
    });
    expect(meta.hlc).toBe(S0);
  });

  it('leaves tasks without uid alone while the first-sync question is open, and local-only ones always', () => {
    const meta = createMeta('u1', 'c1');
    const next = [sampleTask()];
    expect(recordChanges(meta, null, next, NOW, uids())).toBe(next);
    expect(meta.dirty).toEqual({});
    expect(unsyncedTasks(meta, next)).toEqual(next);

    answerFirstSyncChoice(meta, next, 'keep');
    expect(meta.localOnly).toEqual(['1']);
    expect(recordChanges(meta, null, next, NOW, uids())).toBe(next);
    expect(meta.dirty).toEqual({});
  });

  it('stamps only the fields that changed; a later edit keeps the earlier stamp per field', () => {
    const { meta, tasks } = syncedMeta();
    const edited = [{ ...tasks[0]!, title: 'T2' }];
    recordChanges(meta, tasks, edited, NOW, uids());
    expect(meta.dirty).toEqual({ 'uid-1': { f: { title: hashValue('T2') }, s: S0 } });

    const again = [{ ...edited[0]!, progress: 50 }];
    recordChanges(meta, edited, again, NOW, uids());
    expect(meta.dirty).toEqual({
      'uid-1': { f: { title: hashValue('T2'), progress: hashValue(50) }, s: S1, t: { title: S0 } },
    });
  });

  it('skips tasks that are the same objects as before', () => {
    const { meta, tasks } = syncedMeta();
    // Changed behind the engine's back but the same object: a command's diff does not look at it.
    (tasks[0] as Record<string, unknown>).title = 'sneaky';
    recordChanges(meta, tasks, [...tasks], NOW, uids());
    expect(meta.dirty).toEqual({});
    // The full diff does.
    recordChanges(meta, null, tasks, NOW, uids());
    expect(meta.dirty).toEqual({ 'uid-1': { f: { title: hashValue('sneaky') }, s: S0 } });
  });

  it('records a removed field as null and a missing synced task as a delete', () => {
    const { meta, tasks } = syncedMeta();
    const { deadline: _deadline, ...withoutDeadline } = tasks[0]!;
    recordChanges(meta, tasks, [withoutDeadline as Task], NOW, uids());
    expect(meta.dirty['uid-1']).toEqual({ f: { deadline: hashValue(null) }, s: S0 });

    recordChanges(meta, [withoutDeadline as Task], [], NOW, uids());
    // The unsent field edit goes with the task; the delete is what is sent.
    expect(meta.dirty['uid-1']).toEqual({ f: {}, s: S0, x: { del: true, s: S1 } });
    expect(pendingCount(meta)).toBe(1);
  });

  it('forgets a new task deleted before it was ever sent', () => {
    const meta = uploadMeta();
    const created = recordChanges(meta, [], [sampleTask()], NOW, uids());
    recordChanges(meta, created, [], NOW, uids());
    expect(meta.dirty).toEqual({});
  });

  it('brings back a deleted task as a restore', () => {
    const { meta, tasks } = syncedMeta();
    recordChanges(meta, tasks, [], NOW, uids());
    recordChanges(meta, [], tasks, NOW, uids());
    expect(meta.dirty['uid-1']).toEqual({ f: {}, x: { del: false, s: S1 } });
  });

  it('says whether it changed the metadata: not for a list matching what was synced', () => {
    const { meta, tasks } = syncedMeta();
    const before = structuredClone(meta);
    expect(recordLocalChanges(meta, null, tasks, NOW, uids())).toEqual({ tasks, changed: false });
    expect(meta).toEqual(before);
    // A delete already pending is not a change either.
    recordChanges(meta, tasks, [], NOW, uids());
    const deleted = structuredClone(meta);
    expect(recordLocalChanges(meta, null, [], NOW, uids()).changed).toBe(false);
    expect(meta).toEqual(deleted);
  });

  it('reports every change: an edit, a new task, a delete, a new task forgotten unsent', () => {
    const { meta, tasks } = syncedMeta();
    const edited = [{ ...tasks[0]!, title: 'T2' }];
    expect(recordLocalChanges(meta, tasks, edited, NOW, uids()).changed).toBe(true);
    const created = recordLocalChanges(
      meta,
      edited,
      [...edited, sampleTask({ id: '2' })],
      NOW,
      () => 'uid-2',
    );
    expect(created.changed).toBe(true);
    // Forgetting the unsent new task stamps nothing but still changes the metadata.
    const hlc = meta.hlc;
    expect(recordLocalChanges(meta, created.tasks, edited, NOW, uids()).changed).toBe(true);
    expect(meta.hlc).toBe(hlc);
    expect(Object.keys(meta.dirty)).toEqual(['uid-1']);
    expect(recordLocalChanges(meta, edited, [], NOW, uids()).changed).toBe(true);
  });
});

describe('freezeOps, nextPushBatch, applyPushResponse', () => {
  it('freezes dirty entries once, with baseV, and clears them on ack unless edited meanwhile', () => {
    const { meta, tasks } = syncedMeta();
    const edited = [{ ...tasks[0]!, title: 'T2', progress: 10 }];
    recordChanges(meta, tasks, edited, NOW, uids());
    freezeOps(meta, edited);
    freezeOps(meta, edited);
    expect(meta.inflight).toEqual([
      {
        opId: '0',
        uid: 'uid-1',
        baseV: 4,
        kind: 'upsert',
        fields: { title: { value: 'T2', hlc: S0 }, progress: { value: 10, hlc: S0 } },
      },
    ]);
    expect(nextPushBatch(meta)).toEqual(meta.inflight);

    // Edited again while the push is out.
    const later = [{ ...edited[0]!, title: 'T3' }];
    recordChanges(meta, edited, later, NOW, uids());
    applyPushResponse(
      meta,
      { acks: ['0'], rejected: [], seq: 5, serverHlc: '001800000005000-000000-server' },
      new Set(['uid-1']),
      NOW,
    );

    expect(meta.inflight).toEqual([]);
    expect(meta.dirty).toEqual({ 'uid-1': { f: { title: hashValue('T3') }, s: S1 } });
    expect(meta.tasks['uid-1']!.h.progress).toBe(hashValue(10));
    expect(meta.hlc).toBe('001800000005000-000001-c1');
  });

  it('sends a removed field as null and splits the batch by operation count and bytes', () => {
    const meta = uploadMeta();
    const list: Task[] = [];
    for (let index = 0; index < 5; index++)
      list.push(sampleTask({ id: String(index), description: 'x'.repeat(300) }));
    const withUids = recordChanges(meta, [], list, NOW, uids());
    freezeOps(meta, withUids, 3);
    expect(meta.inflight.map((op) => op.uid)).toEqual(['uid-1', 'uid-2', 'uid-3']);
    expect(nextPushBatch(meta, 2).map((op) => op.opId)).toEqual(['0', '1']);
    expect(nextPushBatch(meta, 200, 700).map((op) => op.opId)).toEqual(['0']);

    const { meta: synced, tasks } = syncedMeta();
    const { deadline: _deadline, ...rest } = tasks[0]!;
    recordChanges(synced, tasks, [rest as Task], NOW, uids());
    freezeOps(synced, [rest as Task]);
    expect(synced.inflight[0]).toMatchObject({
      kind: 'upsert',
      fields: { deadline: { value: null, hlc: S0 } },
    });
  });

  it('drops a refused operation like an acknowledged one', () => {
    const { meta, tasks } = syncedMeta();
    recordChanges(meta, tasks, [], NOW, uids());
    freezeOps(meta, []);
    expect(meta.inflight).toEqual([{ opId: '0', uid: 'uid-1', baseV: 4, kind: 'delete', hlc: S0 }]);
    applyPushResponse(
      meta,
      { acks: [], rejected: [{ opId: '0', reason: 'forbidden', message: 'No.' }], seq: 6, serverHlc: S2 },
      new Set(),
      NOW,
    );
    expect(meta.inflight).toEqual([]);
    expect(meta.dirty).toEqual({});
    expect(meta.tasks['uid-1']).toBeUndefined();
  });
});

describe('an undo of a delete (the same task back, same uid)', () => {
  /** `syncedMeta` after the task's delete was sent and acknowledged: the replica forgot it. */
  function deletedAndAcknowledged(): { meta: SyncMeta; tasks: Task[] } {
    const { meta, tasks } = syncedMeta();
    recordChanges(meta, tasks, [], NOW, uids());
    freezeOps(meta, []);
    applyPushResponse(meta, { acks: ['0'], rejected: [], seq: 5, serverHlc: S0 }, new Set(), NOW);
    expect(meta.tasks).toEqual({});
    expect(meta.dirty).toEqual({});
    return { meta, tasks };
  }

  it('after an acknowledged delete: the restore is frozen before the upsert of every field', () => {
    const { meta, tasks } = deletedAndAcknowledged();
    recordChanges(meta, [], tasks, NOW, uids());
    freezeOps(meta, tasks);
    expect(meta.inflight.map((op) => op.kind)).toEqual(['restore', 'upsert']);
    const upsert = meta.inflight[1] as Extract<SyncOp, { kind: 'upsert' }>;
    const { id: _id, uid: _uid, ...values } = tasks[0]!;
    expect(Object.keys(upsert.fields).sort()).toEqual(Object.keys(values).sort());
  });

  it('without room for the restore and its fields, the task waits for what is in flight', () => {
    const { meta, tasks } = deletedAndAcknowledged();
    const other = sampleTask({ id: '2', title: 'Other' });
    const list = recordChanges(meta, [], [...tasks, other], NOW, uids());
    freezeOps(meta, list, 2);
    // Dirty order: uid-1 (the undo) then the new task; uid-1 needs two operations.
    expect(meta.inflight.map((op) => [op.uid, op.kind])).toEqual([
      ['uid-1', 'restore'],
      ['uid-1', 'upsert'],
    ]);
    const waiting = uploadMeta();
    waiting.inflight.push({ opId: 'x', uid: 'uid-9', baseV: 1, kind: 'delete', hlc: S0 });
    waiting.nextOp = 1;
    recordChanges(waiting, [], tasks, NOW, uids());
    freezeOps(waiting, tasks, 2);
    expect(waiting.inflight.map((op) => op.opId)).toEqual(['x']);
  });

  it('a pulled tombstone of the delete leaves the task brought back here shown, its restore pending', () => {
    const { meta, tasks } = deletedAndAcknowledged();
    recordChanges(meta, [], tasks, NOW, uids());
    const { id: _id, uid: _uid, ...values } = tasks[0]!;
    const page = {
      changes: [{ uid: 'uid-1', v: 5, deleted: true, data: values as Record<string, Json> }],
      gone: [],
      cursor: '5:uid-1',
      more: false,
      reset: false,
    };
    expect(applyPullPage(meta, tasks, page, NOW)).toBe(tasks);
    expect(meta.dirty['uid-1']?.x).toMatchObject({ del: false });
    freezeOps(meta, tasks);
    expect(meta.inflight[0]).toMatchObject({ uid: 'uid-1', kind: 'restore' });
  });

  it('a delete not yet sent is answered by a restore, and the fields stay as synced', () => {
    const { meta, tasks } = syncedMeta();
    recordChanges(meta, tasks, [], NOW, uids());
    recordChanges(meta, [], tasks, NOW, uids());
    freezeOps(meta, tasks);
    expect(meta.inflight).toEqual([{ opId: '0', uid: 'uid-1', baseV: 4, kind: 'restore', hlc: S1 }]);
  });
});

describe('a write refused over a limit (too-large, task-limit)', () => {
  const TOO_LARGE = 'This task is too large to sync.';

  it('stays dirty and in the task, shows the message, is not sent again until the field changes', () => {
    const { meta, tasks } = syncedMeta();
    const huge = [{ ...tasks[0]!, description: '€'.repeat(12_000), progress: 40 }];
    recordChanges(meta, tasks, huge, NOW, uids());
    freezeOps(meta, huge);
    expect(meta.inflight).toHaveLength(1);
    applyPushResponse(
      meta,
      { acks: [], rejected: [{ opId: '0', reason: 'too-large', message: TOO_LARGE }], seq: 0, serverHlc: S2 },
      new Set(['uid-1']),
      NOW,
    );
    expect(meta.inflight).toEqual([]);
    expect(Object.keys(meta.dirty['uid-1']!.f).sort()).toEqual(['description', 'progress']);
    expect(pendingCount(meta)).toBe(1);
    expect(heldMessage(meta)).toBe(TOO_LARGE);
    // The synced hashes are not taken from the refused values.
    expect(meta.tasks['uid-1']!.h.description).toBe(hashValue(tasks[0]!.description));

    freezeOps(meta, huge);
    expect(meta.inflight).toEqual([]);
    expect(nextPushBatch(meta)).toEqual([]);

    // A teammate's edit of another field: the pulled row leaves the held change on top, still held.
    const { uid: _uid, id: _id, ...values } = tasks[0]!;
    const pulled = applyPullPage(
      meta,
      huge,
      {
        changes: [{ uid: 'uid-1', v: 9, deleted: false, data: { ...values, title: 'Renamed' } }],
        gone: [],
        cursor: '9:uid-1',
        more: false,
        reset: false,
      },
      NOW,
    );
    expect(pulled[0]).toMatchObject({ title: 'Renamed', description: huge[0]!.description, progress: 40 });
    expect(heldMessage(meta)).toBe(TOO_LARGE);
    expect(meta.inflight).toEqual([]);

    // Shortened: sent again with the refused progress too, and acknowledged.
    const short = [{ ...huge[0]!, description: 'Short again' }];
    recordChanges(meta, huge, short, NOW, uids());
    freezeOps(meta, short);
    expect(meta.inflight).toHaveLength(1);
    expect(meta.inflight[0]).toMatchObject({
      fields: { description: { value: 'Short again' }, progress: { value: 40 } },
    });
    expect(heldMessage(meta)).toBeNull();
    applyPushResponse(
      meta,
      { acks: [meta.inflight[0]!.opId], rejected: [], seq: 7, serverHlc: S2 },
      new Set(['uid-1']),
      NOW,
    );
    expect(meta.dirty).toEqual({});
    expect(meta.held).toBeUndefined();
  });

  it('is dropped with the task when the task is deleted here: the delete goes out, nothing stays held', () => {
    const { meta, tasks } = syncedMeta();
    const huge = [{ ...tasks[0]!, description: '€'.repeat(12_000) }];
    recordChanges(meta, tasks, huge, NOW, uids());
    freezeOps(meta, huge);
    applyPushResponse(
      meta,
      { acks: [], rejected: [{ opId: '0', reason: 'too-large', message: TOO_LARGE }], seq: 0, serverHlc: S2 },
      new Set(['uid-1']),
      NOW,
    );
    recordChanges(meta, huge, [], NOW, uids());
    freezeOps(meta, []);
    expect(meta.inflight).toMatchObject([{ kind: 'delete', uid: 'uid-1' }]);
    applyPushResponse(
      meta,
      { acks: [meta.inflight[0]!.opId], rejected: [], seq: 9, serverHlc: S2 },
      new Set(),
      NOW,
    );
    expect(meta.dirty).toEqual({});
    expect(heldMessage(meta)).toBeNull();
    expect(meta.held).toBeUndefined();
  });

  it('forgets the hold once the field is sent and acknowledged, and survives a save', () => {
    const { meta, tasks } = syncedMeta();
    const huge = [{ ...tasks[0]!, description: '€'.repeat(12_000) }];
    recordChanges(meta, tasks, huge, NOW, uids());
    freezeOps(meta, huge);
    applyPushResponse(
      meta,
      {
        acks: [],
        rejected: [{ opId: '0', reason: 'task-limit', message: 'Too many.' }],
        seq: 0,
        serverHlc: S2,
      },
      new Set(['uid-1']),
      NOW,
    );
    const saved = readMeta(JSON.parse(JSON.stringify(meta)))!;
    expect(heldMessage(saved)).toBe('Too many.');
    const short = [{ ...huge[0]!, description: 'Short' }];
    recordChanges(saved, huge, short, NOW, uids());
    freezeOps(saved, short);
    applyPushResponse(
      saved,
      { acks: [saved.inflight[0]!.opId], rejected: [], seq: 8, serverHlc: S2 },
      new Set(['uid-1']),
      NOW,
    );
    expect(heldMessage(saved)).toBeNull();
    expect(saved.held).toBeUndefined();
    expect(saved.dirty).toEqual({});
  });
});

describe('applyPullPage', () => {
  it('adds new tasks with a free id, rebases dirty fields on the server row, removes deleted and gone', () => {
    const { meta, tasks } = syncedMeta();
    meta.tasks['uid-9'] = { v: 2, h: {} };
    const local = [...tasks, sampleTask({ id: String(NOW), uid: 'uid-9' })];
    const edited = [{ ...local[0]!, progress: 30 }, local[1]!];
    recordChanges(meta, local, edited, NOW, uids());

    const out = applyPullPage(
      meta,
      edited,
      {
        changes: [
          {
            uid: 'uid-1',
            v: 7,
            deleted: false,
            data: { title: 'Server title', progress: 0, description: 'D', status: null },
          },
          { uid: 'uid-5', v: 8, deleted: false, data: { title: 'New', description: 'N' } },
          { uid: 'uid-6', v: 8, deleted: true, data: {} },
        ],
        gone: ['uid-9'],
        cursor: '8:uid-6',
        more: false,
        reset: false,
      },
      NOW,
    );

    expect(out).toEqual([
      { id: '1', uid: 'uid-1', title: 'Server title', description: 'D', progress: 30 },
      { id: String(NOW + 1), uid: 'uid-5', title: 'New', description: 'N' },
    ]);
    expect(meta.cursor).toBe('8:uid-6');
    expect(meta.tasks['uid-1']).toEqual({
      v: 7,
      h: { title: hashValue('Server title'), progress: hashValue(0), description: hashValue('D') },
    });
    expect(meta.tasks['uid-9']).toBeUndefined();
    expect(meta.dirty).toEqual({ 'uid-1': { f: { progress: hashValue(30) }, s: S0 } });
  });

  it('yields a dirty field the server changed meanwhile: it is sent, the server value shown', () => {
    const { meta, tasks } = syncedMeta();
    const edited = [{ ...tasks[0]!, title: 'Mine' }];
    recordChanges(meta, tasks, edited, NOW, uids());
    const out = applyPullPage(
      meta,
      edited,
      {
        changes: [{ uid: 'uid-1', v: 5, deleted: false, data: { title: 'Theirs' } }],
        gone: [],
        cursor: '5:uid-1',
        more: false,
        reset: false,
      },
      NOW,
    );
    expect(out[0]!.title).toBe('Theirs');
    expect(meta.dirty).toEqual({});
    expect(meta.inflight).toEqual([
      { opId: '0', uid: 'uid-1', baseV: 4, kind: 'upsert', fields: { title: { value: 'Mine', hlc: S0 } } },
    ]);
  });

  it('keeps a pending delete of the version it saw hidden', () => {
    const { meta, tasks } = syncedMeta();
    recordChanges(meta, tasks, [], NOW, uids());
    const out = applyPullPage(
      meta,
      [],
      {
        changes: [{ uid: 'uid-1', v: 4, deleted: false, data: { title: 'T' } }],
        gone: [],
        cursor: '4:uid-1',
        more: false,
        reset: false,
      },
      NOW,
    );
    expect(out).toEqual([]);
    expect(meta.dirty['uid-1']?.x).toEqual({ del: true, s: S0 });
  });

  it('keeps the very list when the rows show what the tasks already show (its own change coming back)', () => {
    const { meta, tasks } = syncedMeta();
    const task: Task = { ...tasks[0]!, labels: ['a', 'b'] };
    const { id: _id, uid: _uid, ...data } = task;
    const row = { uid: 'uid-1', v: 9, deleted: false, data: data as Record<string, Json> };
    const page = { changes: [row], gone: [], cursor: '9:uid-1', more: false, reset: false };
    const list = [task];
    const out = applyPullPage(meta, list, page, NOW);
    expect(out).toBe(list);
    expect(out[0]).toBe(task);
    // The replica still takes the row's version.
    expect(meta.tasks['uid-1']!.v).toBe(9);

    // One value different (inside an array too): the task is replaced.
    const changed = { ...row, v: 10, data: { ...row.data, labels: ['a', 'c'] } };
    const next = applyPullPage(meta, list, { ...page, changes: [changed], cursor: '10:uid-1' }, NOW);
    expect(next).not.toBe(list);
    expect(next[0]!.labels).toEqual(['a', 'c']);
  });
});

describe('walks', () => {
  it('drops synced tasks the walk did not bring back, sending their unsent changes first', () => {
    const { meta, tasks } = syncedMeta();
    meta.tasks['uid-2'] = { v: 1, h: {} };
    meta.tasks['uid-3'] = { v: 1, h: {} };
    meta.dirty['uid-3'] = { f: { title: hashValue('T3') }, s: S0 };
    const list = [
      ...tasks,
      sampleTask({ id: '2', uid: 'uid-2' }),
      sampleTask({ id: '3', uid: 'uid-3', title: 'T3' }),
    ];
    startWalk(meta, NOW);
    expect(meta.cursor).toBe('0:');
    const paged = applyPullPage(
      meta,
      list,
      {
        changes: [{ uid: 'uid-1', v: 4, deleted: false, data: { title: 'T' } }],
        gone: [],
        cursor: '4:uid-1',
        more: false,
        reset: false,
      },
      NOW,
    );
    const out = finishWalk(meta, paged);
    expect(out.map((task) => task.uid)).toEqual(['uid-1']);
    expect(meta.walk).toBeNull();
    expect(Object.keys(meta.tasks)).toEqual(['uid-1']);
    expect(meta.dirty).toEqual({});
    expect(meta.inflight).toEqual([
      { opId: '0', uid: 'uid-3', baseV: 1, kind: 'upsert', fields: { title: { value: 'T3', hlc: S0 } } },
    ]);
  });

  it('starts a walk for a pull from the start with synced tasks, and restarts a stale one', () => {
    const { meta } = syncedMeta();
    expect(beforePull(meta, NOW)).toBe(true);
    expect(meta.walk).toBe(NOW);
    meta.cursor = '3:uid-1';
    const walking = structuredClone(meta);
    expect(beforePull(meta, NOW + MAX_WALK_AGE_MS)).toBe(false);
    expect(meta).toEqual(walking);
    expect(beforePull(meta, NOW + MAX_WALK_AGE_MS + 1)).toBe(true);
    expect(meta.cursor).toBe('0:');
    expect(meta.walk).toBe(NOW + MAX_WALK_AGE_MS + 1);
  });

  it('changes nothing before a pull past the start, nor for a replica with no synced task', () => {
    const fresh = uploadMeta();
    expect(beforePull(fresh, NOW)).toBe(false);
    expect(fresh.walk).toBeNull();
    const { meta } = syncedMeta();
    meta.cursor = '4:uid-1';
    const before = structuredClone(meta);
    expect(beforePull(meta, NOW)).toBe(false);
    expect(meta).toEqual(before);
  });
});

describe('isIdlePage', () => {
  const idle = { changes: [], gone: [], cursor: '4:uid-1', more: false, reset: false };

  function settledMeta(): { meta: SyncMeta; tasks: Task[] } {
    const synced = syncedMeta();
    synced.meta.cursor = '4:uid-1';
    return synced;
  }

  it('is true for an empty last page at the same cursor, which changes nothing', () => {
    const { meta, tasks } = settledMeta();
    expect(isIdlePage(meta, idle)).toBe(true);
    const before = structuredClone(meta);
    expect(applyPullPage(meta, tasks, idle, NOW)).toBe(tasks);
    expect(meta).toEqual(before);
  });

  it('is true with local changes waiting: a pull does not touch them', () => {
    const { meta, tasks } = settledMeta();
    recordChanges(meta, tasks, [{ ...tasks[0]!, title: 'T2' }], NOW, uids());
    expect(isIdlePage(meta, idle)).toBe(true);
  });

  it('is false when the page brings anything or is not the last', () => {
    const { meta } = settledMeta();
    const row = { uid: 'uid-1', v: 5, deleted: false, data: { title: 'T' } };
    expect(isIdlePage(meta, { ...idle, changes: [row] })).toBe(false);
    expect(isIdlePage(meta, { ...idle, gone: ['uid-1'] })).toBe(false);
    expect(isIdlePage(meta, { ...idle, cursor: '5:uid-1' })).toBe(false);
    expect(isIdlePage(meta, { ...idle, more: true })).toBe(false);
    expect(isIdlePage(meta, { ...idle, reset: true })).toBe(false);
  });

  it('is false while a walk runs (the last page finishes it) or a sent task was never pulled', () => {
    const walking = settledMeta().meta;
    walking.walk = NOW;
    expect(isIdlePage(walking, idle)).toBe(false);
    // The last page drops a task acknowledged but never pulled: not idle.
    const { meta, tasks } = settledMeta();
    meta.tasks['uid-2'] = { v: 1, h: {}, u: 1 };
    expect(isIdlePage(meta, idle)).toBe(false);
    applyPullPage(meta, [...tasks, sampleTask({ id: '2', uid: 'uid-2' })], idle, NOW);
    expect(meta.tasks['uid-2']).toBeUndefined();
  });
});

describe('applyPullPage with a row the app cannot show', () => {
  it('skips a new one and keeps the local values of a known one (to be sent back)', () => {
    const { meta, tasks } = syncedMeta();
    const out = applyPullPage(
      meta,
      tasks,
      {
        changes: [
          { uid: 'uid-1', v: 9, deleted: false, data: { description: 'D' } },
          { uid: 'uid-2', v: 9, deleted: false, data: { description: 'no title' } },
        ],
        gone: [],
        cursor: '9:uid-2',
        more: false,
        reset: false,
      },
      NOW,
    );
    expect(out).toBe(tasks);
    expect(meta.tasks['uid-1']).toEqual({ v: 9, h: { description: hashValue('D') } });
    expect(meta.tasks['uid-2']).toBeUndefined();
    recordChanges(meta, null, out, NOW, uids());
    expect(Object.keys(meta.dirty['uid-1']!.f).sort()).toEqual([
      'assignedTo',
      'deadline',
      'priority',
      'progress',
      'title',
    ]);
  });
});

describe('a pulled task with a field of the wrong kind (issue 34)', () => {
  function pullRow(data: Record<string, Json>): Task[] {
    const meta = uploadMeta();
    return applyPullPage(
      meta,
      [],
      {
        changes: [{ uid: 'uid-9', v: 3, deleted: false, data }],
        gone: [],
        cursor: '3:uid-9',
        more: false,
        reset: false,
      },
      NOW,
    );
  }

  it('is shown with the field’s default, keeping every other field', () => {
    const [task, ...rest] = pullRow({
      title: 'Pay the invoices',
      description: 'Before Friday',
      priority: '<b>high</b>',
      progress: 'lots',
      deadline: 7,
      assignedTo: ['Mo'],
      status: { x: 1 },
      email: 'olive@example.com',
      labels: ['l1'],
    });
    expect(rest).toEqual([]);
    expect(task).toMatchObject({
      uid: 'uid-9',
      title: 'Pay the invoices',
      description: 'Before Friday',
      priority: 'Medium',
      progress: 0,
      deadline: '',
      assignedTo: 'Unknown User',
      email: 'olive@example.com',
      labels: ['l1'],
    });
    expect(task!.status).toBeUndefined();
  });

  it('a task with no title yet stays out until the server’s row is whole', () => {
    expect(pullRow({ description: 'Only this' })).toEqual([]);
  });
});

describe('a completed repeating task and its next occurrence (issue 34)', () => {
  it('are frozen together, or wait together for room: the server takes the occurrence only with its task', () => {
    const { meta, tasks } = syncedMeta();
    const next = nextOccurrenceUid('uid-1');
    const completed = [
      { ...tasks[0]!, progress: 100, repeatedAs: next },
      sampleTask({ id: '2', uid: next, title: 'Again' }),
    ];
    recordChanges(meta, tasks, completed, NOW, uids());
    const waiting: SyncOp[] = Array.from({ length: 199 }, (_, index) => ({
      kind: 'delete',
      opId: `w${index}`,
      uid: `other-${index}`,
      baseV: 1,
      hlc: S0,
    }));
    meta.inflight = [...waiting];
    freezeOps(meta, completed);
    expect(meta.inflight).toHaveLength(199);

    meta.inflight = [];
    freezeOps(meta, completed);
    // The occurrence is new to the server: a restore says it exists, then its fields.
    const frozenOps = [
      ['uid-1', 'upsert'],
      [next, 'restore'],
      [next, 'upsert'],
    ];
    expect(meta.inflight.map((op) => [op.uid, op.kind])).toEqual(frozenOps);
    expect(nextPushBatch(meta).map((op) => [op.uid, op.kind])).toEqual(frozenOps);
  });
});
