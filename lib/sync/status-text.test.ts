import { describe, expect, it } from 'vitest';
import { describeSyncStatus, firstSyncQuestion } from './status-text';

describe('describeSyncStatus', () => {
  it.each([
    [{ state: 'off', pending: 3 }, null],
    [{ state: 'synced', pending: 0 }, 'Synced'],
    [{ state: 'syncing', pending: 0 }, 'Syncing…'],
    [{ state: 'syncing', pending: 1 }, 'Syncing 1 change…'],
    [{ state: 'syncing', pending: 1200 }, 'Syncing 1,200 changes…'],
    [{ state: 'offline', pending: 0 }, 'Offline'],
    [{ state: 'offline', pending: 2 }, 'Offline, 2 changes waiting'],
    [{ state: 'error', pending: 0 }, 'Sync failed'],
    [{ state: 'error', pending: 1 }, 'Sync failed, 1 change waiting'],
    [{ state: 'needs-decision', pending: 4 }, 'Not synced yet'],
    [{ state: 'paused', pending: 4 }, 'Sync paused'],
  ] as const)('%o → %s', (status, label) => {
    expect(describeSyncStatus(status)).toBe(label);
  });
});

describe('firstSyncQuestion', () => {
  it('counts the tasks, singular and plural', () => {
    expect(firstSyncQuestion(1).body).toBe(
      'This browser holds 1 task that is not in the team workspace yet. Upload it so it follows you to your other devices and your admins can see it, or keep it on this device only.',
    );
    expect(firstSyncQuestion(1500).body).toBe(
      'This browser holds 1,500 tasks that are not in the team workspace yet. Upload them so they follow you to your other devices and your admins can see them, or keep them on this device only.',
    );
  });
});
