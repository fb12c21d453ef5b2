/**
 * The push loop of one sync cycle (docs/decisions/0013-team-sync.md, "Outbox"): freezes what waits
 * into operations, saves them, sends them to `/api/sync/push` and applies the answer, batch after
 * batch until nothing waits. Nothing leaves while the first-sync question is open.
 *
 * Invariant: frozen operations are saved before they leave, so a retry sends the very same ones.
 */
import type { Task } from '@/features/tasks/model/task-types';
import { applyPushResponse, freezeOps, nextPushBatch, uidsOf } from '../replica';
import { firstSyncCount } from './status';
import { noticesOf, type SyncTransport } from './transport';
import type { WorkingMeta } from './working-meta';

export function createPusher(ports: {
  meta: Pick<WorkingMeta, 'saveMeta' | 'workingMeta' | 'putBack'>;
  readTasks: () => readonly Task[];
  push: SyncTransport['push'];
  now: () => number;
  isStopped: () => boolean;
  /** What the server told about an applied change. */
  onNotice?: (message: string) => void;
  /** After each batch the server answered (the status shows what is left). */
  afterBatch: () => void;
}): () => Promise<void> {
  const { meta: steps, readTasks, now, isStopped } = ports;
  return async function pushAll(): Promise<void> {
    for (;;) {
      if (isStopped()) return;
      const meta = steps.workingMeta();
      if (!meta) return;
      if (firstSyncCount(meta, readTasks()) > 0) {
        steps.putBack(meta);
        return;
      }
      freezeOps(meta, readTasks());
      const batch = nextPushBatch(meta);
      if (batch.length === 0) {
        // Nothing frozen, nothing waiting: `freezeOps` only ever adds to `inflight`.
        steps.putBack(meta);
        return;
      }
      // Frozen operations are saved before they leave: a retry sends the very same ones.
      if (!steps.saveMeta(meta)) return;
      const response = await ports.push(meta.clientId, batch);
      if (isStopped()) return;
      const after = steps.workingMeta();
      if (!after) return;
      const tasks = readTasks();
      applyPushResponse(after, response, uidsOf(tasks), now());
      steps.saveMeta(after);
      for (const message of noticesOf(response)) ports.onNotice?.(message);
      ports.afterBatch();
    }
  };
}
