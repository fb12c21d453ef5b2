import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listChanges } from './list-changes';
import type { Task } from './task-types';

function task(n: number): Task {
  return {
    id: String(n),
    title: `T${n}`,
    description: 'd',
    priority: 'Medium',
    deadline: '',
    progress: 0,
    assignedTo: 'A',
  };
}

type Step = { t: 'edit' | 'delete' | 'insert' | 'move'; at: number; to: number };

const stepArb: fc.Arbitrary<Step> = fc.record({
  t: fc.constantFrom('edit', 'delete', 'insert', 'move'),
  at: fc.nat(),
  to: fc.nat(),
});

function apply(list: Task[], step: Step, made: { n: number }): Task[] {
  const next = list.slice();
  const at = list.length === 0 ? 0 : step.at % list.length;
  if (step.t === 'insert') next.splice(step.at % (list.length + 1), 0, task(made.n++));
  else if (list.length === 0) return next;
  else if (step.t === 'edit') next[at] = { ...list[at]!, title: 'edited' };
  else if (step.t === 'delete') next.splice(at, 1);
  else {
    const [moved] = next.splice(at, 1);
    next.splice(step.to % (next.length + 1), 0, moved!);
  }
  return next;
}

describe('listChanges', () => {
  it('finds an edit, an add at the end and a delete without a set', () => {
    const prev = [task(1), task(2), task(3)];
    const edited = [prev[0]!, { ...prev[1]! }, prev[2]!];
    expect(listChanges(prev, edited)).toEqual({ added: [1], removed: [prev[1]] });
    expect(listChanges(prev, [...prev, task(4)])).toEqual({ added: [3], removed: [] });
    expect(listChanges(prev, [prev[0]!, prev[2]!])).toEqual({ added: [], removed: [prev[1]] });
    expect(listChanges(prev, prev)).toEqual({ added: [], removed: [] });
  });

  it('does not count a task moved within the list (property: same answer as comparing sets)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.array(stepArb, { maxLength: 6 }), (size, steps) => {
        const made = { n: size };
        const prev = Array.from({ length: size }, (_, index) => task(index));
        let next = prev;
        for (const step of steps) next = apply(next, step, made);
        const before = new Set(prev);
        const after = new Set(next);
        const expected = {
          added: next.flatMap((item, index) => (before.has(item) ? [] : [index])),
          removed: prev.filter((item) => !after.has(item)),
        };
        expect(listChanges(prev, next)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});
