import { formatCount } from '@/shared/format/count';

/**
 * What the navbar's sync status says (docs/product.md#team-sync). Pure, so the wording is unit-tested
 * once and the component only lays it out.
 */

export type SyncState =
  'off' | 'syncing' | 'synced' | 'offline' | 'error' | 'needs-decision' | 'paused' | 'stopped';

/** Why the browser's storage refused the replica (docs/product.md#team-sync). */
export type StorageFailure = 'full' | 'unavailable';

export interface SyncStatusView {
  state: SyncState;
  /** Local changes not yet on the server. */
  pending: number;
  /** Why sync stopped (error, paused, stopped). */
  message?: string;
  /** With `stopped`: what storage refused. */
  storage?: StorageFailure;
}

/** The message of a `stopped` status: what happened, what is kept, what to do. */
export function storageFailureMessage(failure: StorageFailure): string {
  return failure === 'full'
    ? 'This device’s storage is full, so sync has stopped. The tasks on this page are kept. Free some space on this device (or clear other sites’ data), then select Retry.'
    : 'This browser refused to store the team’s tasks (private browsing, or site data turned off), so sync has stopped. The tasks on this page are kept while it is open. Allow site data for Tasklane, then select Retry.';
}

function changes(count: number): string {
  return `${formatCount(count)} change${count === 1 ? '' : 's'}`;
}

/** The short label, or null when nothing is shown (sync off). */
export function describeSyncStatus({ state, pending, storage }: SyncStatusView): string | null {
  switch (state) {
    case 'off':
      return null;
    case 'synced':
      return 'Synced';
    case 'syncing':
      return pending > 0 ? `Syncing ${changes(pending)}…` : 'Syncing…';
    case 'offline':
      return pending > 0 ? `Offline, ${changes(pending)} waiting` : 'Offline';
    case 'error':
      return pending > 0 ? `Sync failed, ${changes(pending)} waiting` : 'Sync failed';
    case 'needs-decision':
      return 'Not synced yet';
    case 'paused':
      return 'Sync paused';
    case 'stopped':
      return storage === 'unavailable' ? 'Sync stopped: storage unavailable' : 'Sync stopped: storage full';
  }
}

/** The question asked once, the first time a browser holding tasks syncs. */
export function firstSyncQuestion(count: number): { title: string; body: string } {
  const one = count === 1;
  const tasks = `${formatCount(count)} task${one ? '' : 's'}`;
  return {
    title: 'Share this device’s tasks with your team?',
    body:
      `This browser holds ${tasks} that ${one ? 'is' : 'are'} not in the team workspace yet. ` +
      `Upload ${one ? 'it' : 'them'} so ${one ? 'it follows' : 'they follow'} you to your other devices ` +
      'and your admins can see ' +
      `${one ? 'it' : 'them'}, or keep ${one ? 'it' : 'them'} on this device only.`,
  };
}

export const FIRST_SYNC_UPLOAD_LABEL = 'Upload to team workspace';
export const FIRST_SYNC_KEEP_LABEL = 'Keep on this device only';

/** Asked at logout when changes could not be sent (offline, or the server refused them). */
export function unsentAtLogoutQuestion(count: number): { title: string; body: string } {
  const one = count === 1;
  return {
    title: 'Log out with changes not sent?',
    body:
      `${changes(count)} on this device ${one ? 'has' : 'have'} not reached the team workspace yet. ` +
      `Logging out removes the team’s tasks from this browser, and ${one ? 'that change is' : 'those changes are'} lost. ` +
      `Cancel to stay signed in: ${one ? 'it is' : 'they are'} sent when the connection is back.`,
  };
}

export const UNSENT_AT_LOGOUT_CONFIRM_LABEL = 'Log out anyway';
