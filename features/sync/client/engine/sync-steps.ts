/**
 * The engine's steps on the replica, wired together for one account (features/sync/client/client.ts): the
 * metadata (./working-meta.ts), the local changes (./local-changes.ts), the push and pull loops
 * (./pusher.ts, ./puller.ts) and the cycle that runs them (./cycle.ts), plus the two steps a control
 * asks for (the first-sync answer, storing the replica again after storage refused it).
 *
 * Invariant: every step reaches the metadata through the one WorkingMeta made here, so a refused save
 * reaches the status once, whichever step made it.
 */
import type { PulledTask } from '../../model/protocol';
import { answerFirstSyncChoice, type FirstSyncChoice } from '../replica';
import type { ConflictList } from './conflict-list';
import { createCycle } from './cycle';
import { createLocalChanges, type LocalChanges } from './local-changes';
import type { MetaStore } from './meta-store';
import type { TasksPort, TeamSyncOptions } from './ports';
import { createPuller } from './puller';
import { createPusher } from './pusher';
import type { StatusReporter } from './status-reporter';
import type { SyncTransport } from './transport';
import { createWorkingMeta } from './working-meta';

export interface SyncSteps extends Pick<LocalChanges, 'open' | 'hook'> {
  runCycle(): Promise<void>;
  pushAll(): Promise<void>;
  bringBack(row: PulledTask): string;
  /** The first-sync answer, recorded; false when there was no question to answer. */
  answerFirstSync(choice: FirstSyncChoice): boolean;
  /** Storage is tried again with everything this tab holds; resolves to whether it took it. */
  storeAgain(): Promise<boolean>;
}

export function createSyncSteps(ports: {
  options: Pick<TeamSyncOptions, 'userId' | 'fullDiffAtStart' | 'onNotice'>;
  metaStore: MetaStore;
  tasks: Pick<TasksPort, 'read' | 'replace' | 'settleAfterSync'>;
  transport: Pick<SyncTransport, 'push' | 'pull'>;
  conflicts: Pick<ConflictList, 'markStale' | 'refreshIfStale'>;
  status: Pick<StatusReporter, 'refresh' | 'storageRefused'>;
  now: () => number;
  newId: () => string;
  isStopped: () => boolean;
  /** After a local edit was recorded. */
  afterLocalWrite: () => void;
}): SyncSteps {
  const { options, metaStore, tasks: tasksPort, transport, conflicts, status, now, isStopped } = ports;
  const meta = createWorkingMeta({ userId: options.userId, metaStore, onRefused: status.storageRefused });
  const { open, catchUp, commit, hook } = createLocalChanges({
    userId: options.userId,
    meta,
    tasks: tasksPort,
    now,
    newId: ports.newId,
    fullDiffAtStart: options.fullDiffAtStart,
    isStopped,
    afterLocalWrite: ports.afterLocalWrite,
  });
  const readTasks = () => tasksPort.read();
  const pushAll = createPusher({
    meta,
    readTasks,
    push: (clientId, ops) => transport.push(clientId, ops),
    now,
    isStopped,
    onNotice: (message) => options.onNotice?.(message),
    afterBatch: () => status.refresh(true),
  });
  const { pullAll, bringBack } = createPuller({
    meta,
    readTasks,
    commit,
    pull: (query) => transport.pull(query),
    pushAll,
    now,
    isStopped,
    onChanges: () => conflicts.markStale(),
  });
  const runCycle = createCycle({
    refreshStatus: (syncing) => status.refresh(syncing),
    catchUp,
    pushAll,
    pullAll,
    refreshConflicts: () => conflicts.refreshIfStale(),
  });

  return {
    open,
    hook,
    runCycle,
    pushAll,
    bringBack,
    answerFirstSync(choice) {
      const working = meta.workingMeta();
      if (!working || working.decided !== null) return false;
      answerFirstSyncChoice(working, tasksPort.read(), choice);
      meta.saveMeta(working);
      catchUp(true);
      return true;
    },
    storeAgain() {
      const working = meta.workingMeta();
      if (working) metaStore.save(working);
      return metaStore.flush();
    },
  };
}
