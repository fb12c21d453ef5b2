/**
 * One team-sync browser for property tests, driven the way features/sync/client/client.ts drives the replica,
 * without timers or storage: commands change its task list and are recorded in the same turn,
 * pushes and pulls go to a MemoryServer (features/sync/testing/memory-server.ts).
 */
import type { Task } from '@/features/tasks/model/task-types';
import {
  applyPullPage,
  applyPushResponse,
  beforePull,
  createMeta,
  finishWalk,
  freezeOps,
  hasPending,
  nextPushBatch,
  recordChanges,
  startWalk,
  uidsOf,
  type SyncMeta,
} from '../client/replica';
import type { MemoryServer } from './memory-server';

/** The user every simulated browser is signed in as. */
export const SIM_USER = 'u1';
const USER = SIM_USER;

/** ok: delivered and answered; fail: not sent; lost: delivered, answer lost; dup: delivered twice. */
export type PushMode = 'ok' | 'fail' | 'lost' | 'dup';

/** One browser, driven the way features/sync/client/client.ts drives the replica, without timers or storage. */
export class SimReplica {
  tasks: Task[] = [];
  readonly meta: SyncMeta;
  /** Tasks this replica deleted, to bring back as an old tab would. */
  readonly graveyard: Task[] = [];
  private uids = 0;

  constructor(
    readonly name: string,
    private readonly server: MemoryServer,
    private readonly clock: () => number,
  ) {
    this.meta = createMeta(USER, name);
    this.meta.decided = 'upload';
  }

  private newUid = (): string => `${this.name}-${this.uids++}`;

  /** A task command: the hook's diff in the same turn. */
  command(change: (tasks: Task[]) => Task[]): void {
    const prev = this.tasks;
    const next = change(prev);
    if (next === prev) return;
    this.tasks = recordChanges(this.meta, prev, next, this.clock(), this.newUid);
  }

  /** A write the engine did not see (another tab): found by the full diff. */
  foreignWrite(change: (tasks: Task[]) => Task[]): void {
    const next = change(this.tasks);
    this.tasks = recordChanges(this.meta, null, next, this.clock(), this.newUid);
  }

  push(mode: PushMode): void {
    freezeOps(this.meta, this.tasks, 4);
    const batch = nextPushBatch(this.meta, 4);
    if (batch.length === 0 || mode === 'fail') return;
    const request = { clientId: this.meta.clientId, ops: structuredClone(batch) };
    let response = this.server.push(USER, request, this.clock());
    if (mode === 'dup') response = this.server.push(USER, structuredClone(request), this.clock());
    if (mode === 'lost') return;
    applyPushResponse(this.meta, response, uidsOf(this.tasks), this.clock());
  }

  pushAll(): void {
    for (let round = 0; round < 100 && hasPending(this.meta); round++) this.push('ok');
  }

  /** One page; true when more wait. */
  pullPage(): boolean {
    beforePull(this.meta, this.clock());
    const page = this.server.pull(USER, this.meta.cursor, 3, this.meta.walk !== null);
    if (page.reset) {
      this.pushAll();
      startWalk(this.meta, this.clock());
      return true;
    }
    this.tasks = applyPullPage(this.meta, this.tasks, page, this.clock());
    if (!page.more && this.meta.walk !== null) this.tasks = finishWalk(this.meta, this.tasks);
    return page.more || this.meta.walk !== null;
  }

  pullAll(): void {
    for (let round = 0; round < 200 && this.pullPage(); round++);
  }
}
