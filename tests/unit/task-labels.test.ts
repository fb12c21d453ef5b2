import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLabel,
  checkLabelName,
  editLabel,
  LABEL_COLORS,
  LABEL_MESSAGES,
  labelsOfTask,
  labelsParser,
  LABELS_MAX_COUNT,
  newLabelId,
  LABEL_ID_PATTERN,
  removeLabel,
  toggleLabelId,
  withTaskLabels,
  type Label,
} from '@/features/tasks/model/labels';
import { sampleTask } from '@/features/sync/testing/fixtures';

const URGENT: Label = { id: 'l1', name: 'Urgent', color: 'red' };
const HOME: Label = { id: 'l2', name: 'Home', color: 'green' };

const TASK = sampleTask();

describe('the label messages', () => {
  it('are these exact texts', () => {
    expect(LABEL_MESSAGES.nameRequired).toBe('Label name is required.');
    expect(LABEL_MESSAGES.nameTooLong).toBe('Label name must be at most 30 characters.');
    expect(LABEL_MESSAGES.nameTaken('Urgent')).toBe('A label named "Urgent" already exists.');
    expect(LABEL_MESSAGES.color).toBe(
      'Colour must be one of Red, Orange, Yellow, Green, Teal, Blue, Purple or Grey.',
    );
    expect(LABEL_MESSAGES.tooMany).toBe('There can be at most 50 labels. Delete one to add another.');
    expect(LABEL_MESSAGES.notFound).toBe('This label no longer exists.');
  });

  it('name eight colours', () => {
    expect(LABEL_COLORS).toEqual(['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey']);
  });
});

describe('checkLabelName', () => {
  it('trims, and refuses blank, longer than 30 and hidden characters', () => {
    expect(checkLabelName('  Urgent  ', [])).toEqual({ name: 'Urgent' });
    expect(checkLabelName('   ', [])).toEqual({ message: 'Label name is required.' });
    expect(checkLabelName('x'.repeat(30), [])).toEqual({ name: 'x'.repeat(30) });
    expect(checkLabelName('x'.repeat(31), [])).toEqual({
      message: 'Label name must be at most 30 characters.',
    });
    expect(checkLabelName('a\u200bb', [])).toEqual({
      message:
        'Label name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
    });
    expect(checkLabelName('a\nb', [])).toEqual({
      message: 'Label name must not contain control characters.',
    });
  });

  it('is unique ignoring case and Unicode spelling, except for the label being renamed', () => {
    expect(checkLabelName('URGENT', [URGENT])).toEqual({
      message: 'A label named "Urgent" already exists.',
      taken: true,
    });
    expect(checkLabelName('urgent', [URGENT], 'l1')).toEqual({ name: 'urgent' });
    const cafe: Label = { id: 'l3', name: 'Caf\u00e9', color: 'teal' };
    expect(checkLabelName('CAFE\u0301', [cafe])).toMatchObject({
      message: 'A label named "Café" already exists.',
    });
    // Stored in normal form C.
    expect(checkLabelName('cafe\u0301', [])).toEqual({ name: 'caf\u00e9' });
  });
});

describe('addLabel, editLabel, removeLabel', () => {
  it('adds at the end with the given id', () => {
    const result = addLabel([URGENT], { name: ' Home ', color: 'green' }, 'l2');
    expect(result).toEqual({ ok: true, labels: [URGENT, HOME], label: HOME });
  });

  it('refuses a full set first, then the name, then the colour', () => {
    const full = Array.from({ length: LABELS_MAX_COUNT }, (_, index) => ({
      id: `x${index}`,
      name: `L${index}`,
      color: 'grey' as const,
    }));
    expect(addLabel(full, { name: '', color: 'pink' }, 'y')).toEqual({
      ok: false,
      field: null,
      reason: 'full',
      message: LABEL_MESSAGES.tooMany,
    });
    expect(addLabel(full.slice(1), { name: 'New', color: 'red' }, 'y').ok).toBe(true);
    expect(addLabel([], { name: '', color: 'pink' }, 'y')).toMatchObject({ field: 'name' });
    expect(addLabel([], { name: 'Ok', color: 'pink' }, 'y')).toEqual({
      ok: false,
      field: 'color',
      reason: 'invalid',
      message: LABEL_MESSAGES.color,
    });
  });

  it('renames and recolours in place, refusing a taken name or an unknown label', () => {
    const renamed = editLabel([URGENT, HOME], 'l2', { name: 'House', color: 'blue' });
    expect(renamed).toEqual({
      ok: true,
      labels: [URGENT, { id: 'l2', name: 'House', color: 'blue' }],
      label: { id: 'l2', name: 'House', color: 'blue' },
    });
    expect(editLabel([URGENT, HOME], 'l2', { name: 'urgent' })).toEqual({
      ok: false,
      field: 'name',
      reason: 'taken',
      message: 'A label named "Urgent" already exists.',
    });
    expect(editLabel([URGENT], 'gone', { color: 'red' })).toEqual({
      ok: false,
      field: null,
      reason: 'missing',
      message: 'This label no longer exists.',
    });
    expect(editLabel([URGENT], 'l1', { color: 'black' })).toMatchObject({ ok: false, field: 'color' });
  });

  it('removes by id, the same array when absent', () => {
    const labels = [URGENT, HOME];
    expect(removeLabel(labels, 'l1')).toEqual([HOME]);
    expect(removeLabel(labels, 'nope')).toBe(labels);
  });
});

describe('labelsParser', () => {
  it('reads a set, refusing one with an odd label (the store then keeps the good ones)', () => {
    expect(labelsParser.safeParse([URGENT, HOME])).toEqual({ success: true, data: [URGENT, HOME] });
    expect(labelsParser.safeParse([URGENT, { ...HOME, color: 'pink' }]).success).toBe(false);
    expect(labelsParser.safeParse([{ ...URGENT, id: 'has space' }]).success).toBe(false);
    expect(labelsParser.safeParse([{ ...URGENT, name: ' ' }]).success).toBe(false);
    expect(labelsParser.safeParse('x').success).toBe(false);
    // A repeated id keeps its first label.
    expect(labelsParser.safeParse([URGENT, { ...URGENT, name: 'Again' }])).toEqual({
      success: true,
      data: [URGENT],
    });
  });
});

describe('a task’s labels', () => {
  it('shows the known ones in the order added', () => {
    expect(labelsOfTask({ labels: ['l2', 'deleted', 'l1'] }, [URGENT, HOME])).toEqual([HOME, URGENT]);
    expect(labelsOfTask({}, [URGENT])).toEqual([]);
  });

  it('stores ids without repeats, removes the field when empty, and keeps the object when unchanged', () => {
    expect(withTaskLabels(TASK, ['l1', 'l2', 'l1']).labels).toEqual(['l1', 'l2']);
    expect(withTaskLabels(TASK, [])).toBe(TASK);
    const labelled = { ...TASK, labels: ['l1'] };
    expect(withTaskLabels(labelled, ['l1'])).toBe(labelled);
    const cleared = withTaskLabels(labelled, []);
    expect('labels' in cleared).toBe(false);
    expect(withTaskLabels({ ...TASK, labels: [] }, [])).not.toHaveProperty('labels');
  });

  it('toggles an id: added at the end, removed when present (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,3}$/)),
        fc.stringMatching(/^[a-z]{1,3}$/),
        (ids, id) => {
          const once = toggleLabelId(ids, id);
          expect(once.includes(id)).toBe(!ids.includes(id));
          expect(toggleLabelId(once, id)).toEqual(ids.includes(id) ? [...once, id] : ids);
          const task = withTaskLabels(TASK, once);
          expect(task.labels ?? []).toEqual(once);
        },
      ),
    );
  });

  it('gives new ids the label id pattern', () => {
    expect(newLabelId(1_767_225_600_000, () => 0.5)).toMatch(LABEL_ID_PATTERN);
    expect(newLabelId(1, () => 0)).not.toBe(newLabelId(1, () => 0.999));
  });
});
