/**
 * The team replica's talk between this browser's tabs (./team-replica.ts), on a BroadcastChannel: the
 * tasks a tab wrote, the status of the tab that syncs, and what the other tabs ask of it (retry, the
 * first-sync answer, a logout's send and clearing, an archived task brought back). A question carries
 * an id; its answer (`sent`, `logged-out`) comes back with it and is resolved here, so the listeners
 * see every other message.
 *
 * Where the browser has no BroadcastChannel, posts go nowhere and every question gets its fallback.
 */
import type { TaskListChange } from '@/features/tasks/client/memory-task-list';
import type { PulledTask } from '../../model/protocol';
import type { SyncStatus } from '../status-store';

export type TabMessage =
  | { t: 'tasks'; change: TaskListChange; edit: boolean }
  | { t: 'status'; status: SyncStatus }
  | { t: 'status?' }
  | { t: 'retry' }
  | { t: 'answer'; choice: 'upload' | 'keep' }
  | { t: 'send'; id: string }
  | { t: 'sent'; id: string; unsent: number }
  | { t: 'logout'; id: string }
  | { t: 'bring-back'; row: PulledTask }
  | { t: 'logged-out'; id: string };

/** A message other than an answer: what the listeners are given. */
export type TabRequest = Exclude<TabMessage, { t: 'sent' } | { t: 'logged-out' }>;

export interface TabChannel {
  post(message: TabMessage): void;
  /**
   * Posts the question `make(id)` builds; resolves to its answer (`sent`: the count it carries,
   * `logged-out`: 0), or to `fallback()` when none comes within `timeoutMs`.
   */
  ask(
    make: (id: string) => TabMessage,
    fallback: () => number | Promise<number>,
    timeoutMs: number,
  ): Promise<number>;
  /** Hands every message from another tab, answers aside, to `listener`; returns its removal. */
  subscribe(listener: (message: TabRequest) => void): () => void;
  close(): void;
}

export function createTabChannel(name: string): TabChannel {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
  const waiting = new Map<string, (answer: number) => void>();
  const listeners = new Set<(message: TabRequest) => void>();
  const post = (message: TabMessage) => channel?.postMessage(message);

  function onMessage(event: MessageEvent<TabMessage>): void {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.t === 'sent' || message.t === 'logged-out') {
      waiting.get(message.id)?.(message.t === 'sent' ? message.unsent : 0);
      waiting.delete(message.id);
      return;
    }
    for (const listener of listeners) listener(message);
  }
  channel?.addEventListener('message', onMessage);

  return {
    post,
    ask(make, fallback, timeoutMs) {
      return new Promise<number>((resolve) => {
        const id = Math.random().toString(36).slice(2);
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(fallback());
        }, timeoutMs);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        post(make(id));
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
