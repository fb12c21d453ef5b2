import { afterEach, describe, expect, it, vi } from 'vitest';
import { bringBackArchivedTask, setArchiveControls } from './archive-controls';
import type { PulledTask } from '../model/protocol';

const ROW: PulledTask = { uid: 'u1', v: 7, deleted: false, data: { title: 'Old report', progress: 100 } };

afterEach(() => setArchiveControls(null));

describe('bringBackArchivedTask', () => {
  it('answers null while no engine is registered', () => {
    expect(bringBackArchivedTask(ROW)).toBeNull();
  });

  it('hands the row to the registered engine and returns the key it gives', () => {
    const bringBack = vi.fn((row: PulledTask) => `key-${row.uid}`);
    setArchiveControls({ bringBack });
    expect(bringBackArchivedTask(ROW)).toBe('key-u1');
    expect(bringBack).toHaveBeenCalledWith(ROW);
  });

  it('answers null again once the engine has removed itself', () => {
    setArchiveControls({ bringBack: () => 'k' });
    setArchiveControls(null);
    expect(bringBackArchivedTask(ROW)).toBeNull();
  });
});
