import { describe, expect, it } from 'vitest';
import { sampleTask } from '../../testing/fixtures';
import { listBeforeMarks, mergeMarks } from './replica-takeover';

const UID_1 = 'a1b2c3d4-0000-4000-8000-000000000001';
const UID_2 = 'a1b2c3d4-0000-4000-8000-000000000002';

describe('mergeMarks', () => {
  it('keeps one mark per task, the one told last', () => {
    expect(
      mergeMarks(
        [
          { id: '1', uid: '' },
          { id: '2', uid: UID_2 },
        ],
        [{ id: '1', uid: UID_1 }],
      ),
    ).toEqual([
      { id: '1', uid: UID_1 },
      { id: '2', uid: UID_2 },
    ]);
  });
});

describe('listBeforeMarks', () => {
  it('gives each marked task another object, and brings a marked task that left back as its identity', () => {
    const kept = sampleTask({ id: '1', uid: UID_1 });
    const marked = sampleTask({ id: '3', title: 'Edited' });
    const previous = listBeforeMarks(
      [kept, marked],
      [
        { id: '3', uid: '' },
        { id: '2', uid: UID_2 },
        { id: '4', uid: '' },
      ],
    );
    expect(previous[0]).toBe(kept);
    expect(previous[1]).not.toBe(marked);
    expect(previous[1]).toEqual(marked);
    // A task deleted without a sync identity never reached the server: nothing to record.
    expect(previous.slice(2)).toEqual([{ id: '2', uid: UID_2 }]);
  });
});
