import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerFirstSync,
  getLogoutControls,
  publishSyncStatus,
  retrySync,
  setSyncControls,
  syncStatusStore,
} from './status-store';

afterEach(() => setSyncControls(null));

/** An engine's controls, every one a mock. */
function fakeControls() {
  return { retry: vi.fn(), answerFirstSync: vi.fn(), sendForLogout: vi.fn(), clearForLogout: vi.fn() };
}

describe('syncStatusStore', () => {
  it('is off until an engine publishes, and off again when it stops', () => {
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'off', pending: 0 });
    const retry = vi.fn();
    setSyncControls({ ...fakeControls(), retry });
    publishSyncStatus({ state: 'error', pending: 2, message: 'Could not reach the server.' });
    expect(syncStatusStore.getSnapshot()).toEqual({
      state: 'error',
      pending: 2,
      message: 'Could not reach the server.',
    });
    setSyncControls(null);
    expect(syncStatusStore.getSnapshot()).toEqual({ state: 'off', pending: 0 });
  });

  it('tells listeners only when the status changes, keeping the same snapshot otherwise', () => {
    const listener = vi.fn();
    const unsubscribe = syncStatusStore.subscribe(listener);
    publishSyncStatus({ state: 'syncing', pending: 1 });
    const first = syncStatusStore.getSnapshot();
    publishSyncStatus({ state: 'syncing', pending: 1 });
    expect(syncStatusStore.getSnapshot()).toBe(first);
    publishSyncStatus({ state: 'synced', pending: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    publishSyncStatus({ state: 'syncing', pending: 3 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forwards retry and the first-sync answer to the running engine, and does nothing without one', () => {
    retrySync();
    answerFirstSync('keep');
    const controls = fakeControls();
    setSyncControls(controls);
    retrySync();
    answerFirstSync('upload');
    expect(controls.retry).toHaveBeenCalledTimes(1);
    expect(controls.answerFirstSync).toHaveBeenCalledWith('upload');
  });

  it('hands a logout the running engine’s steps, and null without one', () => {
    expect(getLogoutControls()).toBeNull();
    const controls = fakeControls();
    setSyncControls(controls);
    getLogoutControls()?.clearForLogout();
    expect(controls.clearForLogout).toHaveBeenCalledTimes(1);
    setSyncControls(null);
    expect(getLogoutControls()).toBeNull();
  });
});
