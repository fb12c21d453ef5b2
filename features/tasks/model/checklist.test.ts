import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addChecklistItem,
  checkItemText,
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  checklistCounts,
  checklistOf,
  deleteChecklistItem,
  moveChecklistItem,
  newChecklistItemId,
  renameChecklistItem,
  setChecklistItemDone,
  setProgressFollowsChecklist,
} from './checklist';
import { taskSchema } from './task-read';
import type { Task } from './task-types';

const BASE: Task = {
  id: 't1',
  title: 'Plan',
  description: 'Steps',
  priority: 'Medium',
  deadline: '2026-03-10',
  progress: 0,
  assignedTo: 'Asha',
};

/** A task holding items `a`, `b`, `c`… (past `z`: `i26`…) at positions 1, 2, 3… (done where `done` says). */
function withItems(texts: string[], done: boolean[] = [], extra: Partial<Task> = {}): Task {
  const task: Task = { ...BASE, ...extra };
  texts.forEach((text, index) => {
    task[`ck_${index < 26 ? String.fromCharCode(97 + index) : `i${index}`}`] = {
      text,
      done: done[index] ?? false,
      pos: index + 1,
    };
  });
  return task;
}

/** A `random` that yields the given values in turn, then repeats the last. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)]!;
}

function ok(result: { ok: boolean; task?: Task; message?: string }): Task {
  if (!result.ok || !result.task) throw new Error(`refused: ${result.message}`);
  return result.task;
}

const texts = (task: Task) => checklistOf(task).map((item) => item.text);

describe('newChecklistItemId', () => {
  it('gives 8 characters of a-z and 0-9', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 8,
          maxLength: 8,
        }),
        (values) => {
          expect(newChecklistItemId(BASE, sequence(...values))).toMatch(/^[a-z0-9]{8}$/);
        },
      ),
    );
    expect(newChecklistItemId(BASE, () => 0)).toBe('aaaaaaaa');
    expect(newChecklistItemId(BASE, () => 0.9999)).toBe('99999999');
  });

  it('draws again while an item of the task has the id', () => {
    const task = { ...BASE, ck_aaaaaaaa: { text: 'x', done: false, pos: 1 } };
    expect(newChecklistItemId(task, sequence(0, 0, 0, 0, 0, 0, 0, 0, 0.99))).toBe('99999999');
  });
});

describe('checkItemText', () => {
  it('trims, turns line breaks and control characters into spaces, and refuses blank or long text', () => {
    expect(checkItemText('  Buy milk ')).toEqual({ text: 'Buy milk' });
    expect(checkItemText('Buy\nmilk\t\u0000now')).toEqual({ text: 'Buy milk  now' });
    expect(checkItemText(' \n ')).toEqual({ message: 'Item text is required.' });
    expect(checkItemText('x'.repeat(200))).toEqual({ text: 'x'.repeat(200) });
    expect(checkItemText('x'.repeat(201))).toEqual({ message: 'An item must be at most 200 characters.' });
  });
});

describe('addChecklistItem', () => {
  it('adds a trimmed item, not done, after the last one', () => {
    const result = addChecklistItem(withItems(['a', 'b']), '  Call Bo ', () => 0);
    const task = ok(result);
    expect(result).toMatchObject({ ok: true, id: 'aaaaaaaa' });
    expect(task.ck_aaaaaaaa).toEqual({ text: 'Call Bo', done: false, pos: 3 });
    expect(texts(task)).toEqual(['a', 'b', 'Call Bo']);
  });

  it('starts an empty checklist at position 1 and stays a whole number after a fractional last one', () => {
    expect(ok(addChecklistItem(BASE, 'First', () => 0)).ck_aaaaaaaa).toMatchObject({ pos: 1 });
    const task = { ...BASE, ck_x: { text: 'x', done: false, pos: 2.5 } };
    expect(ok(addChecklistItem(task, 'y', () => 0)).ck_aaaaaaaa).toMatchObject({ pos: 3 });
  });

  it('refuses blank text, text over 200 characters and a 101st item with their messages', () => {
    expect(addChecklistItem(BASE, '   ')).toEqual({ ok: false, message: CHECKLIST_MESSAGES.textRequired });
    expect(addChecklistItem(BASE, 'x'.repeat(201))).toEqual({
      ok: false,
      message: CHECKLIST_MESSAGES.textTooLong,
    });
    const full = withItems(Array.from({ length: CHECKLIST_LIMITS.maxItems }, (_, i) => `item ${i}`));
    expect(checklistCounts(full).total).toBe(100);
    expect(addChecklistItem(full, 'one more')).toEqual({
      ok: false,
      message: 'A checklist holds at most 100 items.',
    });
  });

  it('stores a task the schema reads back unchanged', () => {
    const task = ok(addChecklistItem(BASE, 'Call Bo', () => 0.5));
    expect(taskSchema.parse(JSON.parse(JSON.stringify(task)))).toEqual(task);
  });
});

describe('renameChecklistItem', () => {
  it('changes the text only, by the rules of adding', () => {
    const task = withItems(['a', 'b'], [true]);
    expect(ok(renameChecklistItem(task, 'a', ' A1 ')).ck_a).toEqual({ text: 'A1', done: true, pos: 1 });
    expect(renameChecklistItem(task, 'a', '')).toEqual({ ok: false, message: 'Item text is required.' });
    expect(renameChecklistItem(task, 'a', 'y'.repeat(201))).toEqual({
      ok: false,
      message: CHECKLIST_MESSAGES.textTooLong,
    });
  });

  it('returns the same task when the text is unchanged, and says when the item is gone', () => {
    const task = withItems(['a']);
    expect(ok(renameChecklistItem(task, 'a', ' a '))).toBe(task);
    expect(renameChecklistItem(task, 'zz', 'x')).toEqual({ ok: false, message: 'This item was deleted.' });
  });
});

describe('setChecklistItemDone', () => {
  it('ticks and unticks; the same task when already so', () => {
    const task = withItems(['a', 'b']);
    const ticked = ok(setChecklistItemDone(task, 'b', true));
    expect(ticked.ck_b).toEqual({ text: 'b', done: true, pos: 2 });
    expect(checklistCounts(ticked)).toEqual({ done: 1, total: 2 });
    expect(ok(setChecklistItemDone(ticked, 'b', true))).toBe(ticked);
    expect(ok(setChecklistItemDone(ticked, 'b', false)).ck_b).toMatchObject({ done: false });
    expect(setChecklistItemDone(task, 'gone', true)).toEqual({
      ok: false,
      message: CHECKLIST_MESSAGES.itemGone,
    });
  });

  it('leaves progress and column alone while the switch is off', () => {
    const task = withItems(['a', 'b'], [], { progress: 10, column: 'Completed' });
    const ticked = ok(setChecklistItemDone(task, 'a', true));
    expect(ticked.progress).toBe(10);
    expect(ticked.column).toBe('Completed');
  });

  it('with the switch on, writes progress = round(done ÷ items × 100) and removes the column', () => {
    const task = withItems(['a', 'b', 'c'], [], { checklistProgress: true, column: 'Completed' });
    const one = ok(setChecklistItemDone(task, 'a', true));
    expect(one.progress).toBe(33);
    expect('column' in one).toBe(false);
    const two = ok(setChecklistItemDone(one, 'b', true));
    expect(two.progress).toBe(67);
    expect(ok(setChecklistItemDone(two, 'c', true)).progress).toBe(100);
  });
});

describe('moveChecklistItem', () => {
  it('moves to an index by changing only the moved item’s position', () => {
    const task = withItems(['a', 'b', 'c', 'd']);
    const moved = ok(moveChecklistItem(task, 'd', 1));
    expect(texts(moved)).toEqual(['a', 'd', 'b', 'c']);
    const changed = Object.keys(moved).filter((field) => moved[field] !== task[field]);
    expect(changed).toEqual(['ck_d']);
    expect(moved.ck_d).toEqual({ text: 'd', done: false, pos: 1.5 });
  });

  it('moves to the first and the last place, and clamps the index', () => {
    const task = withItems(['a', 'b', 'c']);
    expect(texts(ok(moveChecklistItem(task, 'c', 0)))).toEqual(['c', 'a', 'b']);
    expect(ok(moveChecklistItem(task, 'c', 0)).ck_c).toMatchObject({ pos: 0 });
    expect(texts(ok(moveChecklistItem(task, 'a', 2)))).toEqual(['b', 'c', 'a']);
    expect(texts(ok(moveChecklistItem(task, 'a', 99)))).toEqual(['b', 'c', 'a']);
    expect(texts(ok(moveChecklistItem(task, 'c', -5)))).toEqual(['c', 'a', 'b']);
  });

  it('returns the same task for a move to where it is, and says when the item is gone', () => {
    const task = withItems(['a', 'b']);
    expect(ok(moveChecklistItem(task, 'b', 1))).toBe(task);
    expect(moveChecklistItem(task, 'x', 0)).toEqual({ ok: false, message: CHECKLIST_MESSAGES.itemGone });
  });

  it('renumbers every item when the gap between the neighbours is too small', () => {
    const task: Task = {
      ...BASE,
      ck_a: { text: 'a', done: false, pos: 1 },
      ck_b: { text: 'b', done: true, pos: 1 + 1e-7 },
      ck_c: { text: 'c', done: false, pos: 5 },
    };
    const moved = ok(moveChecklistItem(task, 'c', 1));
    expect(texts(moved)).toEqual(['a', 'c', 'b']);
    expect(checklistOf(moved).map((item) => item.pos)).toEqual([1, 2, 3]);
    expect(moved.ck_a).toBe(task.ck_a);
    expect(moved.ck_b).toEqual({ text: 'b', done: true, pos: 3 });
  });

  it('renumbers when the neighbours share a position (two items added at once)', () => {
    const task: Task = {
      ...BASE,
      ck_a: { text: 'a', done: false, pos: 1 },
      ck_b: { text: 'b', done: false, pos: 1 },
      ck_c: { text: 'c', done: false, pos: 2 },
    };
    expect(texts(ok(moveChecklistItem(task, 'c', 1)))).toEqual(['a', 'c', 'b']);
  });

  it('puts the item at the index asked for, whatever the positions (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        (positions, fromPick, toPick) => {
          const task: Task = { ...BASE };
          positions.forEach((pos, index) => {
            task[`ck_i${index}`] = { text: `t${index}`, done: false, pos };
          });
          const before = checklistOf(task).map((item) => item.id);
          const id = before[fromPick % before.length]!;
          const to = toPick % before.length;
          const after = checklistOf(ok(moveChecklistItem(task, id, to))).map((item) => item.id);
          const expected = before.filter((other) => other !== id);
          expected.splice(to, 0, id);
          expect(after).toEqual(expected);
        },
      ),
    );
  });

  it('keeps a whole order after many moves to the same gap (renumbering when needed)', () => {
    let task = withItems(['a', 'b', 'c']);
    for (let round = 0; round < 200; round++) {
      const last = checklistOf(task).at(-1)!;
      task = ok(moveChecklistItem(task, last.id, 1));
    }
    expect(checklistOf(task)).toHaveLength(3);
    expect(new Set(checklistOf(task).map((item) => item.pos)).size).toBe(3);
  });
});

describe('deleteChecklistItem', () => {
  it('removes the item’s field', () => {
    const task = withItems(['a', 'b']);
    const next = ok(deleteChecklistItem(task, 'a'));
    expect('ck_a' in next).toBe(false);
    expect(texts(next)).toEqual(['b']);
    expect(deleteChecklistItem(next, 'a')).toEqual({ ok: false, message: CHECKLIST_MESSAGES.itemGone });
  });

  it('with the switch on, progress follows the items left; the last one gone leaves it as it was', () => {
    const task = withItems(['a', 'b'], [true], { checklistProgress: true, progress: 50 });
    const one = ok(deleteChecklistItem(task, 'b'));
    expect(one.progress).toBe(100);
    const none = ok(deleteChecklistItem(one, 'a'));
    expect(none.progress).toBe(100);
    expect(checklistCounts(none).total).toBe(0);
  });
});

describe('setProgressFollowsChecklist', () => {
  it('on: sets the progress at once and removes the column', () => {
    const task = withItems(['a', 'b', 'c', 'd', 'e'], [true, true], { progress: 90, column: 'To Do' });
    const on = ok(setProgressFollowsChecklist(task, true));
    expect(on.checklistProgress).toBe(true);
    expect(on.progress).toBe(40);
    expect('column' in on).toBe(false);
    expect(ok(setProgressFollowsChecklist(on, true))).toBe(on);
  });

  it('on without items: only the switch; off: the field removed, progress kept', () => {
    const on = ok(setProgressFollowsChecklist({ ...BASE, progress: 20 }, true));
    expect(on).toEqual({ ...BASE, progress: 20, checklistProgress: true });
    const ticked = ok(setChecklistItemDone(ok(addChecklistItem(on, 'x', () => 0)), 'aaaaaaaa', true));
    expect(ticked.progress).toBe(100);
    const off = ok(setProgressFollowsChecklist(ticked, false));
    expect('checklistProgress' in off).toBe(false);
    expect(off.progress).toBe(100);
    expect(ok(setProgressFollowsChecklist(off, false))).toBe(off);
  });

  it('adding an item while on lowers the progress', () => {
    const task = withItems(['a'], [true], { checklistProgress: true, progress: 100 });
    expect(ok(addChecklistItem(task, 'b', () => 0)).progress).toBe(50);
  });
});
