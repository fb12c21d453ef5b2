import { commandEffects, syncEffects } from '@/features/tasks/model/command-effects';
import type { Task } from '@/features/tasks/model/task-types';
import {
  applyPullPage,
  applyPushResponse,
  createMeta,
  freezeOps,
  hasPending,
  nextPushBatch,
  recordLocalChanges,
  uidsOf,
  type SyncMeta,
} from '../client/replica';
import type { MemoryServer } from './memory-server';

/**
 * One browser of a sync test: a command runs as features/tasks/client/task-commands.ts runs it (the one rule for done,
 * the next occurrence, the stamps: features/tasks/model/command-effects.ts), then the replica's diff; a pull
 * writes what the server sent and then settles it as the engine does (a local edit of its own).
 */
export class Device {
  tasks: Task[] = [];
  readonly meta: SyncMeta;
  private uids = 0;

  constructor(
    readonly name: string,
    private readonly server: MemoryServer,
    public now: number,
    readonly userId = 'u1',
    readonly todayKey = '2026-11-26',
  ) {
    this.meta = createMeta(userId, name);
    this.meta.decided = 'upload';
  }

  command(change: (tasks: Task[]) => Task[]): void {
    const prev = this.tasks;
    const next = change(prev);
    if (next === prev) return;
    this.record(prev, commandEffects(prev, next, this.context()).tasks);
  }

  private context() {
    return { nowMs: this.now, todayKey: this.todayKey };
  }

  private record(prev: Task[], next: Task[]): void {
    this.tasks = recordLocalChanges(
      this.meta,
      prev,
      next,
      this.now,
      () => `${this.name}-${this.uids++}`,
    ).tasks;
  }

  push(): void {
    for (let round = 0; round < 20 && hasPending(this.meta); round++) {
      freezeOps(this.meta, this.tasks);
      const batch = nextPushBatch(this.meta);
      const response = this.server.push(
        this.userId,
        { clientId: this.meta.clientId, ops: structuredClone(batch) },
        this.now,
      );
      applyPushResponse(this.meta, response, uidsOf(this.tasks), this.now);
    }
  }

  pull(): void {
    for (let round = 0; round < 20; round++) {
      const page = this.server.pull(this.userId, this.meta.cursor);
      const before = this.tasks;
      const pulled = applyPullPage(this.meta, before, page, this.now);
      this.tasks = pulled;
      if (pulled !== before) {
        const { tasks } = syncEffects(before, pulled, this.context());
        if (tasks !== pulled) this.record(pulled, tasks);
      }
      if (!page.more) return;
    }
  }

  sync(): void {
    this.push();
    this.pull();
  }

  byTitle(title: string): Task[] {
    return this.tasks.filter((task) => task.title === title);
  }
}
