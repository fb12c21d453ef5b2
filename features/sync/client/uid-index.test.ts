import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { tasksByUid } from './uid-index';

function task(id: number, uid: string | undefined): Task {
  const made: Task = {
    id: String(id),
    title: `T${id}`,
    description: 'd',
    priority: 'Medium',
    deadline: '',
    progress: 0,
    assignedTo: 'A',
  };
  if (uid !== undefined) made.uid = uid;
  return made;
}

/** The index built from scratch: the first task holding each valid uid. */
function expected(tasks: readonly Task[]): [string, Task][] {
  const byUid = new Map<string, Task>();
  for (const item of tasks) {
    const uid = item.uid;
    if (typeof uid === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(uid) && !byUid.has(uid)) byUid.set(uid, item);
  }
  return [...byUid].sort(([a], [b]) => a.localeCompare(b));
}

function entries(tasks: readonly Task[]): [string, Task][] {
  const index = tasksByUid(tasks);
  return [...index.keys()]
    .map((uid): [string, Task] => [uid, index.get(uid)!])
    .sort(([a], [b]) => a.localeCompare(b));
}

type Step =
  | { t: 'edit'; at: number }
  | { t: 'delete'; at: number }
  | { t: 'insert'; at: number; uid: string | undefined }
  | { t: 'move'; at: number; to: number }
  | { t: 'replace-all' }
  | { t: 'look-at-older'; back: number };

// Few uids, some invalid, so that duplicates and uids coming back after a delete are common.
const uidArb = fc.option(fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5', 'bad uid'), { nil: undefined });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('edit' as const), at: fc.nat() }),
  fc.record({ t: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ t: fc.constant('insert' as const), at: fc.nat(), uid: uidArb }),
  fc.record({ t: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  fc.constant({ t: 'replace-all' as const }),
  fc.record({ t: fc.constant('look-at-older' as const), back: fc.nat() }),
);

describe('tasksByUid', () => {
  it('answers what a fresh index of the list would, whichever versions were asked before (property)', () => {
    fc.assert(
      fc.property(fc.array(uidArb, { maxLength: 8 }), fc.array(stepArb, { maxLength: 40 }), (uids, steps) => {
        let made = 0;
        let list = uids.map((uid) => task(made++, uid));
        const versions = [list];
        expect(entries(list)).toEqual(expected(list));
        for (const step of steps) {
          const next = list.slice();
          const pos = (n: number, length: number) => (length === 0 ? 0 : n % length);
          if (step.t === 'insert') next.splice(pos(step.at, list.length + 1), 0, task(made++, step.uid));
          else if (step.t === 'replace-all') for (let i = 0; i < next.length; i++) next[i] = { ...next[i]! };
          else if (step.t === 'look-at-older') {
            // An older version asked again (a step still holding it): answered right, then back.
            const older = versions[step.back % versions.length]!;
            expect(entries(older)).toEqual(expected(older));
          } else if (list.length > 0) {
            const at = pos(step.at, list.length);
            if (step.t === 'edit') next[at] = { ...list[at]!, title: 'edited' };
            else if (step.t === 'delete') next.splice(at, 1);
            else {
              const [moved] = next.splice(at, 1);
              next.splice(step.to % (next.length + 1), 0, moved!);
            }
          }
          list = next;
          versions.push(list);
          expect(entries(list)).toEqual(expected(list));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers the same index object for the same list, and follows an edit without a rebuild', () => {
    const first = [task(1, 'a'), task(2, 'b'), task(3, 'c')];
    const index = tasksByUid(first);
    expect(tasksByUid(first)).toBe(index);
    const edited = first.slice();
    edited[1] = { ...first[1]!, title: 'B' };
    const next = tasksByUid(edited);
    expect(next).toBe(index);
    expect(next.get('b')).toBe(edited[1]);
    expect(next.size).toBe(3);
  });
});
