import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conflictsOf,
  conflictsStore,
  publishConflicts,
  setConflictControls,
  settleConflict,
} from './conflicts-store';
import type { SyncConflict } from '../model/protocol';

afterEach(() => setConflictControls(null));

function record(id: string, uid: string): SyncConflict {
  return {
    id,
    uid,
    field: 'title',
    value: 'Old',
    hlc: 'h',
    winningHlc: 'w',
    reason: 'concurrent',
    userId: null,
    authorId: null,
    authorName: null,
    seq: 1,
    createdAt: '2026-11-25T00:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
  };
}

describe('conflictsStore', () => {
  it('groups records by task, keeps snapshots stable, and empties when the engine stops', () => {
    const listener = vi.fn();
    const unsubscribe = conflictsStore.subscribe(listener);
    setConflictControls({ settle: vi.fn() });
    publishConflicts([record('a', 't1'), record('b', 't2'), record('c', 't1')]);
    const list = conflictsStore.getSnapshot();
    expect(conflictsOf(list, 't1').map((r) => r.id)).toEqual(['a', 'c']);
    expect(conflictsOf(list, 't1')).toBe(conflictsOf(list, 't1'));
    expect(conflictsOf(list, undefined)).toEqual([]);
    expect(conflictsOf(list, 't9')).toEqual([]);
    // The same ids again: no change, no notification.
    publishConflicts([record('a', 't1'), record('b', 't2'), record('c', 't1')]);
    expect(conflictsStore.getSnapshot()).toBe(list);
    expect(listener).toHaveBeenCalledTimes(1);

    setConflictControls(null);
    expect(conflictsStore.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('settles through the running engine only', async () => {
    await expect(settleConflict(record('a', 't1'))).rejects.toThrow('Team sync is not running.');
    const settle = vi.fn(async () => {});
    setConflictControls({ settle });
    await settleConflict(record('a', 't1'));
    expect(settle).toHaveBeenCalledWith(record('a', 't1'));
  });
});
