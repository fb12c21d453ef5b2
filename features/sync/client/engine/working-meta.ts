/**
 * The replica's metadata as the engine's steps (features/sync/client/client.ts) reach it through the meta store
 * (./meta-store.ts): to look at, to work on for this account only, to give back unchanged, to save.
 *
 * Invariant: a step that took the metadata saves it, or gives it back, before it yields (other tabs
 * may write it meanwhile). A save that storage refuses is reported once through `onRefused`.
 */
import type { SyncMeta } from '../replica';
import type { MetaStore, StorageFailure } from './meta-store';

export interface WorkingMeta {
  /** The stored metadata, to look at (not to be changed). */
  loadMeta(): SyncMeta | null;
  /** Saves the metadata; a refused write (full storage) leaves the last saved one in force. */
  saveMeta(meta: SyncMeta): boolean;
  /**
   * The metadata to work on (null while another account's changes wait). Other tabs may write it
   * (the localStorage store reads it afresh then); a step saves it, or gives it back, before yielding.
   */
  workingMeta(): SyncMeta | null;
  /** A step that took the metadata and changed nothing gives it back (nothing is written). */
  putBack(meta: SyncMeta): void;
}

export function createWorkingMeta(options: {
  userId: string;
  metaStore: MetaStore;
  /** Storage refused the replica: syncing stops (what is here stays) and the status says why. */
  onRefused: (failure: StorageFailure) => void;
}): WorkingMeta {
  const { userId, metaStore, onRefused } = options;
  return {
    loadMeta: () => metaStore.peek(),
    saveMeta(meta) {
      if (metaStore.save(meta)) return true;
      onRefused(metaStore.failure() ?? 'full');
      return false;
    },
    workingMeta() {
      const meta = metaStore.take();
      return meta && meta.userId === userId ? meta : null;
    },
    putBack: (meta) => metaStore.putBack(meta),
  };
}
