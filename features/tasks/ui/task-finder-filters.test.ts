import { describe, expect, it } from 'vitest';
import type { Label } from '@/features/tasks/model/labels';
import { labelOptionsFor, UNKNOWN_LABEL } from './task-finder-filters';

const labels: Label[] = [
  { id: 'l1', name: 'Home', color: 'blue' },
  { id: 'l2', name: 'Work', color: 'green' },
];

describe('labelOptionsFor', () => {
  it('offers the label set, in its order', () => {
    expect(labelOptionsFor(labels, null)).toEqual([
      ['l1', 'Home'],
      ['l2', 'Work'],
    ]);
  });

  it('adds the chosen label the set does not have, as Unknown label', () => {
    expect(labelOptionsFor(labels, 'gone')).toEqual([
      ['l1', 'Home'],
      ['l2', 'Work'],
      ['gone', UNKNOWN_LABEL],
    ]);
    expect(labelOptionsFor([], 'gone')).toEqual([['gone', UNKNOWN_LABEL]]);
  });

  it('is empty with no labels and none chosen (no Label list)', () => {
    expect(labelOptionsFor([], null)).toEqual([]);
  });
});
