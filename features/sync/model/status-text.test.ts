import { describe, expect, it } from 'vitest';
import { describeSyncStatus, firstSyncQuestion, unsentAtLogoutQuestion } from './status-text';

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

describe('unsentAtLogoutQuestion', () => {
  it('counts the changes, singular and plural', () => {
    expect(unsentAtLogoutQuestion(1)).toEqual({
      title: 'Log out with changes not sent?',
      body: '1 change on this device has not reached the team workspace yet. Logging out removes the team’s tasks from this browser, and that change is lost. Cancel to stay signed in: it is sent when the connection is back.',
    });
    expect(unsentAtLogoutQuestion(2).body).toBe(
      '2 changes on this device have not reached the team workspace yet. Logging out removes the team’s tasks from this browser, and those changes are lost. Cancel to stay signed in: they are sent when the connection is back.',
    );
  });
});
