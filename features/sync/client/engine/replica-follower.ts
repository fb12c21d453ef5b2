/**
 * The team replica in a tab that does not sync (./team-replica.ts): its controls (retry, the
 * first-sync answer, a logout's send and clearing) are asked of the tab that does, over the tabs'
 * channel (./tab-channel.ts), and `answerFollower` is that tab's side. A logout that gets no answer
 * in time clears here.
 */
import { tasksStore } from '@/features/tasks/client/tasks';
import { bringBackArchivedTask } from '../archive-controls';
import { getSyncControls, syncStatusStore, type SyncControls } from '../status-store';
import type { ReplicaDb } from './replica-db';
import type { TabChannel, TabMessage, TabRequest } from './tab-channel';

/** How long a tab that does not sync waits for the one that does to send before a logout. */
export const LOGOUT_SEND_TIMEOUT_MS = 10_000;

/** The controls of a tab that does not sync: each is asked of the one that does. */
export function createFollowerControls(ports: {
  channel: Pick<TabChannel, 'post' | 'ask'>;
  /** Stores every task again after a refused write; resolves to whether storage took them. */
  storeAllTasks: () => Promise<boolean>;
  /** A logout's clearing in this tab, when the one that syncs does not answer. */
  clearHere: () => Promise<void>;
  /** Stops this tab's replica (after a logout). */
  stop: () => void;
}): SyncControls {
  const { channel } = ports;
  return {
    retry: () => {
      void ports.storeAllTasks().then((stored) => {
        if (!stored) return;
        channel.post({ t: 'retry' });
        channel.post({ t: 'status?' });
      });
    },
    answerFirstSync: (choice) => channel.post({ t: 'answer', choice }),
    sendForLogout: () =>
      channel.ask(
        (id) => ({ t: 'send', id }),
        () => syncStatusStore.getSnapshot().pending,
        LOGOUT_SEND_TIMEOUT_MS,
      ),
    clearForLogout: async () => {
      // The tab that syncs clears (it holds the bookkeeping); without an answer, this tab does.
      await channel.ask(
        (id) => ({ t: 'logout', id }),
        async () => {
          await ports.clearHere();
          return 0;
        },
        LOGOUT_SEND_TIMEOUT_MS,
      );
      ports.stop();
    },
  };
}

/** A logout's clearing without the engine: the team's tasks and the bookkeeping leave the store. */
export async function clearHere(db: ReplicaDb | null): Promise<void> {
  if (!db) return;
  const teamIds = tasksStore
    .read()
    .filter((task) => typeof task.uid === 'string')
    .map((task) => task.id);
  await Promise.allSettled([db.write({ deleteTaskIds: teamIds }), db.clearMeta()]);
}

/**
 * In the tab that syncs: what another tab asked, done with the engine's controls. Nothing while the
 * controls are still this tab's follower ones (the engine has not started).
 */
export async function answerFollower(
  message: TabRequest,
  follower: SyncControls,
  post: (message: TabMessage) => void,
): Promise<void> {
  const controls = getSyncControls();
  if (!controls || controls === follower) return;
  if (message.t === 'retry') controls.retry();
  else if (message.t === 'answer') controls.answerFirstSync(message.choice);
  else if (message.t === 'send') post({ t: 'sent', id: message.id, unsent: await controls.sendForLogout() });
  else if (message.t === 'bring-back') bringBackArchivedTask(message.row);
  else if (message.t === 'logout') {
    await controls.clearForLogout();
    post({ t: 'logged-out', id: message.id });
  }
}
