/**
 * A logout with team sync (docs/product.md#team-sync): what waits is sent first where the connection
 * allows, then the team's data leaves this browser. The engine (features/sync/client/client.ts) runs both for the
 * running engine, and `clearTeamData` alone when no engine runs or when a session ends.
 *
 * Invariant: neither throws. Storage that refuses is passed over, a push that fails is counted as
 * changes not sent.
 */
import { isSyncId } from '../../model/protocol';
import { TEAM_DATA_KEYS } from '@/shared/browser-storage/keys';
import { countUnsentIn, type MetaStore, type SyncStorage } from './meta-store';
import type { TasksPort } from './ports';

/**
 * The team's data leaves this browser (a logout, or an ended session with nothing waiting): every
 * synced task (it carries a sync `uid`; the server keeps it), the replica's bookkeeping, and every
 * key of TEAM_DATA_KEYS (the replaced values, the team summary, the comments not sent yet and the
 * threads kept for reading offline, the inbox's notified mark, the team's label set). Tasks kept on this device only stay,
 * as a logout leaves `tasks` with sync off.
 * Failures are swallowed: storage that cannot be written holds nothing more to remove.
 */
export function clearTeamData(
  storage: SyncStorage | null,
  tasks: Pick<TasksPort, 'removeForLogout'>,
  metaStore: MetaStore,
): void {
  try {
    tasks.removeForLogout((task) => isSyncId(task.uid));
  } catch {
    // Unwritable storage: carry on with the other keys.
  }
  metaStore.remove();
  for (const key of TEAM_DATA_KEYS) {
    try {
      storage?.removeItem(key);
    } catch {
      // As above.
    }
  }
}

/**
 * Sends what waits from the running engine and returns how many tasks still have changes not sent.
 * Another account's waiting changes (sync paused) are theirs: this logout neither counts nor clears them.
 */
export async function sendForLogout(engine: {
  /** This account's replica was opened (not paused for another account). */
  isOpened: () => boolean;
  isStopped: () => boolean;
  /** This tab syncs (holds the lock). */
  isLeader: () => boolean;
  /** A sync cycle now (this tab syncs). */
  runNow: () => Promise<void>;
  pushAll: () => Promise<void>;
  metaStore: MetaStore;
}): Promise<number> {
  if (!engine.isOpened()) return 0;
  if (!engine.isStopped()) {
    if (engine.isLeader()) {
      await engine.runNow();
    } else {
      // The leader is another tab: push from here too (the server applies a change once).
      try {
        await engine.pushAll();
      } catch {
        // Offline or refused: what is left is counted below.
      }
    }
  }
  return countUnsentIn(engine.metaStore);
}
