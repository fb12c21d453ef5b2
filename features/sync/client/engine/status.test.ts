import { describe, expect, it } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { createMeta, recordChanges } from '../replica';
import { engineStatus, OTHER_ACCOUNT_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, type EngineFacts } from './status';

const task: Task = {
  id: '1',
  title: 'T',
  description: 'd',
  priority: 'Low',
  deadline: '',
  progress: 0,
  assignedTo: 'A',
};

function facts(overrides: Partial<EngineFacts> = {}): EngineFacts {
  const meta = createMeta('u1', 'client0000000001');
  meta.decided = 'upload';
  return {
    userId: 'u1',
    meta,
    tasks: [],
    refused: null,
    lastError: null,
    syncing: false,
    everSynced: true,
    ...overrides,
  };
}

describe('engineStatus', () => {
  it('synced when nothing waits; syncing before the first success or while changes wait', () => {
    expect(engineStatus(facts())).toEqual({ state: 'synced', pending: 0 });
    expect(engineStatus(facts({ syncing: true, everSynced: false }))).toEqual({
      state: 'syncing',
      pending: 0,
    });
    const meta = createMeta('u1', 'client0000000001');
    meta.decided = 'upload';
    recordChanges(meta, null, [task], 1_000, () => 'uid-1');
    expect(engineStatus(facts({ meta }))).toEqual({ state: 'syncing', pending: 1 });
  });

  it('storage refused comes first, with what to do', () => {
    expect(
      engineStatus(facts({ refused: 'full', lastError: { state: 'offline', message: 'x' } })),
    ).toMatchObject({
      state: 'stopped',
      storage: 'full',
    });
  });

  it('another account’s replica pauses; none at all is an error', () => {
    expect(engineStatus(facts({ userId: 'u2' }))).toEqual({
      state: 'paused',
      pending: 0,
      message: OTHER_ACCOUNT_MESSAGE,
    });
    expect(engineStatus(facts({ meta: null }))).toEqual({
      state: 'error',
      pending: 0,
      message: STORAGE_UNAVAILABLE_MESSAGE,
    });
  });

  it('asks the first-sync question before reporting errors', () => {
    const meta = createMeta('u1', 'client0000000001');
    expect(engineStatus(facts({ meta, tasks: [task], lastError: { state: 'error', message: 'x' } }))).toEqual(
      {
        state: 'needs-decision',
        pending: 0,
        firstSyncCount: 1,
      },
    );
  });

  it('the last failure, offline or not', () => {
    expect(engineStatus(facts({ lastError: { state: 'offline', message: 'No connection.' } }))).toEqual({
      state: 'offline',
      pending: 0,
      message: 'No connection.',
    });
  });
});
