import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc, sameNode } from './hlc';
import { isDeleted, mergeOp, QUIET_FIELDS, taskValues, type ConflictRecord, type SyncedTask } from './merge';
import type { Json, SyncOp } from './protocol';

const at = (wall: number, node = 'a', counter = 0) => formatHlc({ wall, counter, node });
const upsert = (opId: string, fields: Record<string, [Json, string]>, baseV = 0): SyncOp => ({
  opId,
  uid: 't1',
  kind: 'upsert',
  baseV,
  fields: Object.fromEntries(Object.entries(fields).map(([field, [value, hlc]]) => [field, { value, hlc }])),
});

/** Applies pushes in order, once per (client, opId), as the sync service does. */
function replay(pushes: { client: string; op: SyncOp }[]) {
  const tasks = new Map<string, SyncedTask>();
  const applied = new Set<string>();
  const conflicts: ConflictRecord[] = [];
  let seq = 0;
  for (const { client, op } of pushes) {
    const key = `${client}:${op.opId}`;
    if (applied.has(key)) continue;
    applied.add(key);
    seq += 1;
    const result = mergeOp(tasks.get(op.uid), op, seq);
    tasks.set(op.uid, result.task);
    conflicts.push(...result.conflicts);
  }
  return { tasks, conflicts, seq };
}

/** What must not depend on delivery order: each field's value and stamp, and whether the task exists. */
function outcome(tasks: Map<string, SyncedTask>) {
  return Object.fromEntries(
    [...tasks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([uid, task]) => [
        uid,
        {
          fields: Object.fromEntries(
            Object.entries(task.fields)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([field, stamped]) => [field, [stamped.value, stamped.hlc]]),
          ),
          life: task.life && [task.life.deleted, task.life.hlc],
        },
      ]),
  );
}

describe('mergeOp, one task', () => {
  it('keeps both edits when two devices change different fields', () => {
    let task = mergeOp(undefined, upsert('1', { title: ['Plan', at(1)], progress: [0, at(1)] }), 1).task;
    task = mergeOp(task, upsert('2', { title: ['Plan v2', at(2, 'laptop')] }, 1), 2).task;
    const result = mergeOp(task, upsert('3', { description: ['From the phone', at(3, 'phone')] }, 1), 3);
    expect(taskValues(result.task)).toEqual({ title: 'Plan v2', progress: 0, description: 'From the phone' });
    expect(result.conflicts).toEqual([]);
  });

  it('the later stamp wins one field, and the value it replaced unseen is kept as a conflict', () => {
    const base = mergeOp(undefined, upsert('1', { progress: [0, at(1)] }), 1).task;
    const laptop = mergeOp(base, upsert('2', { progress: [60, at(3, 'laptop')] }, 1), 2).task;
    // The phone had seen version 1 only, and wrote later: it wins, and 60 is recorded.
    const phone = mergeOp(laptop, upsert('3', { progress: [80, at(6, 'phone')] }, 1), 3);
    expect(taskValues(phone.task).progress).toBe(80);
    expect(phone.conflicts).toEqual([
      {
        uid: 't1',
        field: 'progress',
        value: 60,
        hlc: at(3, 'laptop'),
        winningHlc: at(6, 'phone'),
        reason: 'concurrent',
      },
    ]);
    // An edit made on top of what it saw replaces without a conflict (the op log keeps history).
    const next = mergeOp(phone.task, upsert('4', { progress: [90, at(7, 'phone')] }, 3), 4);
    expect(next.conflicts).toEqual([]);
  });

  it('an older write loses and is recorded; the same write twice changes nothing', () => {
    const task = mergeOp(undefined, upsert('1', { title: ['New', at(5, 'b')] }), 1).task;
    const older = mergeOp(task, upsert('2', { title: ['Old', at(4, 'a')] }), 2);
    expect(taskValues(older.task).title).toBe('New');
    expect(older.changed).toBe(false);
    expect(older.conflicts).toMatchObject([{ field: 'title', value: 'Old', winningHlc: at(5, 'b') }]);
    const again = mergeOp(task, upsert('1', { title: ['New', at(5, 'b')] }), 2);
    expect(again).toEqual({ task, conflicts: [], changed: false });
  });

  it('keeps no record where nothing is lost: the same value from two writers, or a quiet field', () => {
    const base = mergeOp(undefined, upsert('1', { title: ['Water plants', at(1)] }), 1).task;
    // Two devices both wrote the next occurrence of a repeating task: the same values.
    const first = mergeOp(base, upsert('2', { deadline: ['2026-12-01', at(3, 'a')] }, 1), 2).task;
    const second = mergeOp(first, upsert('3', { deadline: ['2026-12-01', at(4, 'b')] }, 1), 3);
    expect(second.conflicts).toEqual([]);
    const older = mergeOp(second.task, upsert('4', { deadline: ['2026-12-01', at(2, 'c')] }, 1), 4);
    expect(older.conflicts).toEqual([]);
    // `updatedAt` moves with every edit: the later wins, the other is bookkeeping, not a conflict.
    const stamped = mergeOp(base, upsert('5', { updatedAt: ['2026-11-26T10:00:00.000Z', at(3, 'a')] }, 1), 5);
    const other = mergeOp(
      stamped.task,
      upsert('6', { updatedAt: ['2026-11-26T10:00:01.000Z', at(4, 'b')] }, 1),
      6,
    );
    expect(taskValues(other.task).updatedAt).toBe('2026-11-26T10:00:01.000Z');
    expect(other.conflicts).toEqual([]);
    // `createdAt` of a next occurrence made on two devices: each wrote its own moment.
    const made = mergeOp(base, upsert('8', { createdAt: ['2026-11-26T10:00:00.000Z', at(3, 'a')] }, 1), 8);
    const madeToo = mergeOp(
      made.task,
      upsert('9', { createdAt: ['2026-11-26T10:00:09.000Z', at(4, 'b')] }, 1),
      9,
    );
    expect(taskValues(madeToo.task).createdAt).toBe('2026-11-26T10:00:09.000Z');
    expect(madeToo.conflicts).toEqual([]);
    // A different value still leaves its record.
    const differs = mergeOp(second.task, upsert('7', { deadline: ['2026-12-02', at(2, 'c')] }, 1), 7);
    expect(differs.conflicts).toMatchObject([{ field: 'deadline', value: '2026-12-02' }]);
  });

  it('keeps no record when one device replaces its own value (issue 33)', () => {
    const base = mergeOp(undefined, upsert('1', { progress: [0, at(1, 'laptop')] }), 1).task;
    // A second push sent before the first one's version came back: the same base, the same node.
    const first = mergeOp(base, upsert('2', { progress: [10, at(2, 'laptop')] }, 1), 2);
    const second = mergeOp(first.task, upsert('3', { progress: [20, at(3, 'laptop')] }, 1), 3);
    expect(taskValues(second.task).progress).toBe(20);
    expect(second.conflicts).toEqual([]);
    // An older push of the same device arriving late loses to its newer value, silently.
    const late = mergeOp(second.task, upsert('4', { progress: [15, at(2, 'laptop', 1)] }, 1), 4);
    expect(taskValues(late.task).progress).toBe(20);
    expect(late.conflicts).toEqual([]);
    // Another device that had not seen 20 still leaves a record, winning or losing.
    const phone = mergeOp(second.task, upsert('5', { progress: [70, at(4, 'phone')] }, 1), 5);
    expect(phone.conflicts).toMatchObject([{ value: 20, hlc: at(3, 'laptop'), winningHlc: at(4, 'phone') }]);
    const stale = mergeOp(phone.task, upsert('6', { progress: [30, at(3, 'tablet')] }, 1), 6);
    expect(stale.conflicts).toMatchObject([{ value: 30, hlc: at(3, 'tablet'), winningHlc: at(4, 'phone') }]);
  });

  it('a delete wins over edits; a later restore brings the task back with those edits', () => {
    const task = mergeOp(undefined, upsert('1', { title: ['Plan', at(1)] }), 1).task;
    const deleted = mergeOp(
      task,
      { opId: '2', uid: 't1', kind: 'delete', baseV: 1, hlc: at(5, 'a') },
      2,
    ).task;
    expect(isDeleted(deleted)).toBe(true);
    // An offline edit stamped after the delete does not resurrect it; it is kept and recorded.
    const edited = mergeOp(deleted, upsert('3', { title: ['Plan (edited offline)', at(8, 'b')] }, 1), 3);
    expect(isDeleted(edited.task)).toBe(true);
    expect(edited.conflicts).toMatchObject([
      { field: 'title', reason: 'after-delete', winningHlc: at(5, 'a') },
    ]);
    // An older restore does nothing; a newer one revives the task with the edit.
    expect(
      mergeOp(edited.task, { opId: '4', uid: 't1', kind: 'restore', baseV: 3, hlc: at(4) }, 4).changed,
    ).toBe(false);
    const restored = mergeOp(
      edited.task,
      { opId: '5', uid: 't1', kind: 'restore', baseV: 3, hlc: at(9) },
      5,
    ).task;
    expect(isDeleted(restored)).toBe(false);
    expect(taskValues(restored).title).toBe('Plan (edited offline)');
  });

  it('at the same stamp a delete beats a restore, whichever arrives first', () => {
    const del: SyncOp = { opId: '1', uid: 't1', kind: 'delete', baseV: 0, hlc: at(5) };
    const restore: SyncOp = { opId: '2', uid: 't1', kind: 'restore', baseV: 0, hlc: at(5) };
    expect(isDeleted(mergeOp(mergeOp(undefined, del, 1).task, restore, 2).task)).toBe(true);
    expect(isDeleted(mergeOp(mergeOp(undefined, restore, 1).task, del, 2).task)).toBe(true);
  });

  it('a delete that arrives before the task itself still wins', () => {
    const tombstone = mergeOp(
      undefined,
      { opId: '1', uid: 't1', kind: 'delete', baseV: 0, hlc: at(9) },
      1,
    ).task;
    const late = mergeOp(tombstone, upsert('2', { title: ['Created', at(2)] }), 2).task;
    expect(isDeleted(late)).toBe(true);
  });
});

describe('mergeOp, random histories (property)', () => {
  const clients = ['c1', 'c2', 'c3'];
  const fields = ['title', 'description', 'progress', 'priority', 'updatedAt'];
  const stamp = (client: string) =>
    fc
      .record({ wall: fc.integer({ min: 0, max: 40 }), counter: fc.integer({ min: 0, max: 2 }) })
      .map(({ wall, counter }) => formatHlc({ wall, counter, node: client }));
  const op = fc.constantFrom(...clients).chain((client) =>
    fc.record({
      client: fc.constant(client),
      op: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            opId: fc.constant(''),
            uid: fc.constantFrom('t1', 't2'),
            kind: fc.constant('upsert' as const),
            baseV: fc.constant(0),
            fields: fc.dictionary(
              fc.constantFrom(...fields),
              fc.record({
                value: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.string({ maxLength: 3 })),
                hlc: stamp(client),
              }),
              { minKeys: 1, maxKeys: 3 },
            ),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            opId: fc.constant(''),
            uid: fc.constantFrom('t1', 't2'),
            kind: fc.constantFrom('delete' as const, 'restore' as const),
            baseV: fc.constant(0),
            hlc: stamp(client),
          }),
        },
      ),
    }),
  );
  /** The same operations delivered in another order, some of them twice (retries). */
  const history = fc
    .array(op, { minLength: 1, maxLength: 25 })
    // A client never reuses an operation id for another change.
    .map((ops) => ops.map((entry, index) => ({ ...entry, op: { ...entry.op, opId: `op-${index}` } })))
    .chain((ops) =>
      fc.tuple(
        fc.constant(ops),
        fc.shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length }),
        fc.array(fc.nat({ max: ops.length - 1 }), { maxLength: 6 }),
      ),
    );

  it('converges whatever the delivery order and however often an op is delivered', () => {
    fc.assert(
      fc.property(history, ([ops, shuffled, repeats]) => {
        const redelivered = [...shuffled, ...repeats.map((index) => ops[index]!)];
        expect(outcome(replay(redelivered).tasks)).toEqual(outcome(replay(ops).tasks));
      }),
      { numRuns: 300 },
    );
  });

  it('loses nothing: every value written is the final one, a conflict record, or its own device replaced it', () => {
    fc.assert(
      fc.property(history, ([, shuffled]) => {
        const { tasks, conflicts } = replay(shuffled);
        for (const { op: sent } of shuffled) {
          if (sent.kind !== 'upsert') continue;
          for (const [field, write] of Object.entries(sent.fields)) {
            if (QUIET_FIELDS.has(field)) continue;
            const final = tasks.get(sent.uid)!.fields[field]!;
            // A value equal to the final one loses nothing (no record is kept for it).
            const isFinal = JSON.stringify(final.value) === JSON.stringify(write.value);
            const recorded = conflicts.some(
              (c) =>
                c.uid === sent.uid &&
                c.field === field &&
                JSON.stringify(c.value) === JSON.stringify(write.value),
            );
            // A device replacing its own value (a later stamp of the same node, or at the same stamp,
            // which only a buggy client makes, the larger value) leaves no record; nor does another
            // device's write of that same value, which lost nothing the device did not know.
            const writesOf = shuffled.flatMap(({ op: other }) =>
              other.kind === 'upsert' && other.uid === sent.uid && other.fields[field]
                ? [other.fields[field]]
                : [],
            );
            const ownLater = writesOf.some(
              (mine) =>
                JSON.stringify(mine.value) === JSON.stringify(write.value) &&
                writesOf.some(
                  (later) =>
                    sameNode(later.hlc, mine.hlc) &&
                    (later.hlc > mine.hlc ||
                      (later.hlc === mine.hlc && JSON.stringify(later.value) > JSON.stringify(mine.value))),
                ),
            );
            expect(isFinal || recorded || ownLater).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('each field ends with its latest stamp, and existence with the latest delete or restore', () => {
    fc.assert(
      fc.property(history, ([, shuffled]) => {
        const { tasks } = replay(shuffled);
        for (const [uid, task] of tasks) {
          const sent = shuffled.map((entry) => entry.op).filter((candidate) => candidate.uid === uid);
          for (const [field, stamped] of Object.entries(task.fields)) {
            const stamps = sent.flatMap((candidate) =>
              candidate.kind === 'upsert' && candidate.fields[field] ? [candidate.fields[field].hlc] : [],
            );
            expect(stamped.hlc).toBe(stamps.sort().at(-1));
          }
          const lifeOps = sent.flatMap((candidate) => (candidate.kind === 'upsert' ? [] : [candidate]));
          const latest = lifeOps.sort((a, b) => (a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0)).at(-1);
          if (latest) expect(task.life?.hlc).toBe(latest.hlc);
          // At a tie the delete wins.
          const tied = lifeOps.filter((candidate) => candidate.hlc === latest?.hlc);
          if (tied.some((candidate) => candidate.kind === 'delete')) expect(task.life?.deleted).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
