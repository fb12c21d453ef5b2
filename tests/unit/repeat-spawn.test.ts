import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN } from '@/features/sync/model/protocol';
import * as board from '@/features/tasks/model/board';
import { randomId } from '@/features/sync/model/random-id';
import {
  isDerivedUid,
  legacyNextOccurrenceUid,
  makeNextOccurrence,
  nextOccurrenceUid,
  spawnNextOccurrences,
} from '@/features/tasks/model/repeat-spawn';
import type { Task } from '@/features/tasks/model/task-types';

const NOW = Date.UTC(2026, 10, 26, 12);
const CONTEXT = { nowMs: NOW, todayKey: '2026-11-26' };

const weekly: Task = {
  id: '1',
  title: 'Water the plants',
  description: 'All of them',
  priority: 'High',
  deadline: '2026-11-24',
  progress: 60,
  assignedTo: 'Asha',
  email: 'asha@example.com',
  labels: ['l1', 'l2'],
  column: 'In Progress',
  status: 'Pending',
  repeat: { every: 'week', interval: 1, from: 'deadline' },
  ck_a: { text: 'Kitchen', done: true, pos: 1 },
  ck_b: { text: 'Balcony', done: false, pos: 2 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  unknownField: 'left behind',
};

function complete(tasks: Task[], id = '1'): Task[] {
  return board.setTaskProgress(tasks, id, 100);
}

describe('spawnNextOccurrences', () => {
  it('makes the next occurrence of a repeating task whose progress reached 100', () => {
    const prev = [weekly];
    const { tasks, spawned } = spawnNextOccurrences(prev, complete(prev), CONTEXT);
    const next = {
      id: String(NOW),
      title: 'Water the plants',
      description: 'All of them',
      priority: 'High',
      deadline: '2026-12-01',
      progress: 0,
      assignedTo: 'Asha',
      email: 'asha@example.com',
      labels: ['l1', 'l2'],
      repeat: { every: 'week', interval: 1, from: 'deadline' },
      ck_a: { text: 'Kitchen', done: false, pos: 1 },
      ck_b: { text: 'Balcony', done: false, pos: 2 },
    };
    expect(spawned).toEqual([next]);
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({ id: '1', progress: 100, repeatedAs: String(NOW) });
    expect(tasks[1]).toEqual(next);
  });

  it('works for Mark as Completed, the task view’s progress and a checklist that progress follows', () => {
    const marked = board.completeTask([weekly], '1');
    expect(spawnNextOccurrences([weekly], marked, CONTEXT).spawned).toHaveLength(1);
    expect(spawnNextOccurrences([weekly], [{ ...weekly, progress: 100 }], CONTEXT).spawned).toHaveLength(1);
    const following = { ...weekly, checklistProgress: true };
    const ticked = { ...following, ck_b: { text: 'Balcony', done: true, pos: 2 } };
    const { spawned } = spawnNextOccurrences([following], [ticked], CONTEXT);
    expect(spawned).toHaveLength(1);
    expect(spawned[0]).toMatchObject({ checklistProgress: true, progress: 0, ck_b: { done: false } });
  });

  it('makes it once: not again when completed again, nor after reopening and completing', () => {
    const first = spawnNextOccurrences([weekly], complete([weekly]), CONTEXT).tasks;
    const reopened = board.setTaskProgress(first, '1', 50);
    expect(spawnNextOccurrences(first, reopened, CONTEXT).tasks).toBe(reopened);
    const again = complete(reopened);
    const result = spawnNextOccurrences(reopened, again, CONTEXT);
    expect(result.tasks).toBe(again);
    expect(result.spawned).toEqual([]);
  });

  it('leaves alone tasks without a rule, tasks already at 100, other changes and new tasks', () => {
    const plain = { ...weekly, repeat: undefined };
    delete plain.repeat;
    const cases: [Task[], Task[]][] = [
      [[plain], complete([plain])],
      [[{ ...weekly, progress: 100 }], board.completeTask([{ ...weekly, progress: 100 }], '1')],
      [[weekly], board.setTaskProgress([weekly], '1', 99)],
      [[], [{ ...weekly, progress: 100 }]],
      [[weekly], [weekly]],
    ];
    for (const [prev, next] of cases) {
      const result = spawnNextOccurrences(prev, next, CONTEXT);
      expect(result.tasks).toBe(next);
      expect(result.spawned).toEqual([]);
    }
  });

  it('counts from the completion day when the task has no deadline', () => {
    const undated = { ...weekly, deadline: '' };
    const { spawned } = spawnNextOccurrences([undated], complete([undated]), CONTEXT);
    expect(spawned[0]!.deadline).toBe('2026-12-03');
  });

  it('gives every next occurrence an id no task has', () => {
    const other = { ...weekly, id: '2', title: 'Second' };
    const taken = { ...weekly, id: String(NOW), repeat: undefined, title: 'Holder' };
    delete taken.repeat;
    const prev = [weekly, other, taken];
    const next = complete(complete(prev, '1'), '2');
    const { tasks, spawned } = spawnNextOccurrences(prev, next, CONTEXT);
    expect(spawned.map((task) => task.id)).toEqual([String(NOW + 1), String(NOW + 2)]);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(5);
    expect(tasks.map((task) => task.title)).toEqual([
      'Water the plants',
      'Water the plants',
      'Second',
      'Second',
      'Holder',
    ]);
  });

  it('team sync: the next occurrence’s uid is derived from the completed task’s, and repeatedAs holds it', () => {
    const team = { ...weekly, uid: 'b5c1e0c4-2f1a-4d7e-9d1c-0a4a1f6d3e21', assigneeId: 'u-asha' };
    const { tasks, spawned } = spawnNextOccurrences([team], complete([team]), CONTEXT);
    const uid = nextOccurrenceUid(team.uid);
    expect(spawned[0]).toMatchObject({ uid, assigneeId: 'u-asha', createdAt: new Date(NOW).toISOString() });
    expect(tasks[0]!.repeatedAs).toBe(uid);
    // Another device, another moment, another local id: the same identity and the same values.
    const elsewhere = makeNextOccurrence(team, 'other-id', { nowMs: NOW + 5_000, todayKey: '2026-11-26' })!;
    const { id: _a, createdAt: _b, ...mine } = spawned[0]!;
    const { id: _c, createdAt: _d, ...theirs } = elsewhere;
    expect(theirs).toEqual(mine);
  });

  it('team sync: a next occurrence already brought from another device is pointed at, not made again', () => {
    const team = { ...weekly, uid: 'b5c1e0c4-2f1a-4d7e-9d1c-0a4a1f6d3e21' };
    const fromElsewhere = makeNextOccurrence(team, '7', CONTEXT)!;
    const prev = [team, fromElsewhere];
    const { tasks, spawned } = spawnNextOccurrences(prev, complete(prev), CONTEXT);
    expect(spawned).toEqual([]);
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({ progress: 100, repeatedAs: fromElsewhere.uid });
    expect(tasks[1]).toBe(fromElsewhere);
  });
});

describe('nextOccurrenceUid', () => {
  it('is a UUID-shaped sync id, the same for the same uid, different for different ones', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        (a, b) => {
          const uid = nextOccurrenceUid(a);
          expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
          expect(ID_PATTERN.test(uid)).toBe(true);
          expect(nextOccurrenceUid(a)).toBe(uid);
          if (a !== b) expect(nextOccurrenceUid(b)).not.toBe(uid);
          // A chain of occurrences never comes back to an earlier identity.
          expect(nextOccurrenceUid(uid)).not.toBe(uid);
          // Its form says it is derived (issue 34), as the previous version's need not, and random
          // ids (version 4) never do.
          expect(isDerivedUid(uid)).toBe(true);
          expect(legacyNextOccurrenceUid(a).replace(/^(.{14}).(.{4}).(.*)$/, '$1$2$3')).toBe(
            uid.replace(/^(.{14}).(.{4}).(.*)$/, '$1$2$3'),
          );
        },
      ),
    );
  });

  it('is never the form of a random id', () => {
    for (let index = 0; index < 200; index++) expect(isDerivedUid(randomId())).toBe(false);
    expect(isDerivedUid('t1')).toBe(false);
  });
});

describe('spawnNextOccurrences with a tab of the previous version open', () => {
  it('points at the next occurrence that tab made under the previous form, and makes no second one', () => {
    const team = { ...weekly, uid: 'b5c1e0c4-2f1a-4d7e-9d1c-0a4a1f6d3e21' };
    const fromOldTab = { ...makeNextOccurrence(team, '7', CONTEXT)!, uid: legacyNextOccurrenceUid(team.uid) };
    const prev = [team, fromOldTab];
    const { tasks, spawned } = spawnNextOccurrences(prev, complete(prev), CONTEXT);
    expect(spawned).toEqual([]);
    expect(tasks[0]).toMatchObject({ progress: 100, repeatedAs: fromOldTab.uid });
  });
});
