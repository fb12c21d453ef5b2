import 'server-only';
import type { SyncRole } from '@/lib/sync/access';

/**
 * The live sync streams open in this process (GET /api/sync/stream) and the pokes sent to them: a
 * poke tells a browser that a push with number `seq` may have changed what it sees, so it pulls.
 * Admins get every poke; a member only those whose audience names them.
 */

/** `userIds: null`: every stream (the audience is unknown, or too large to name). */
export interface SyncPoke {
  seq: number;
  userIds: ReadonlySet<string> | null;
}

export type PokeSender = (seq: number) => void;

interface Subscriber {
  userId: string;
  role: SyncRole;
  send: PokeSender;
}

export interface SyncHub {
  /** Registers a stream; the function returned removes it (calling it again does nothing). */
  subscribe(userId: string, role: SyncRole, send: PokeSender): () => void;
  /** Calls `send` of every stream the poke is for; a sender that throws is skipped, not the others. */
  publish(poke: SyncPoke): void;
  /** The number of streams registered. */
  size(): number;
}

export function createSyncHub(): SyncHub {
  const subscribers = new Set<Subscriber>();
  return {
    subscribe(userId, role, send) {
      const subscriber: Subscriber = { userId, role, send };
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    publish({ seq, userIds }) {
      // A copy: a sender may unsubscribe (its stream ended) while the loop runs.
      for (const subscriber of [...subscribers]) {
        if (userIds !== null && subscriber.role !== 'admin' && !userIds.has(subscriber.userId)) continue;
        try {
          subscriber.send(seq);
        } catch {
          // The stream's own code ends it; the other streams still get the poke.
        }
      }
    },
    size: () => subscribers.size,
  };
}

const HUB_KEY = Symbol.for('tasklane.syncHub');

/**
 * The process's one hub. Kept on globalThis because each route bundle may load its own copy of
 * this module, and a push in one must reach the streams of another.
 */
export function getSyncHub(): SyncHub {
  const holder = globalThis as typeof globalThis & { [HUB_KEY]?: SyncHub };
  holder[HUB_KEY] ??= createSyncHub();
  return holder[HUB_KEY];
}
