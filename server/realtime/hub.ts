import 'server-only';
import type { SyncRole } from '@/shared/auth/actor';

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

/**
 * "The comments of task `task` changed" (docs/decisions/0030-comments.md), for the streams of
 * `userIds` (null: all) and every admin's. `task: null`: any thread may have changed.
 */
export interface CommentsPoke {
  task: string | null;
  userIds: ReadonlySet<string> | null;
}

/**
 * Why a stream is closed from outside: `session`, the user's sessions changed (password, role,
 * email, deletion; the browser reconnects with its token and finds out) or the stream's own session
 * was logged out; `replaced`, the user opened more streams than STREAM_LIMITS allow and this was the
 * oldest.
 */
export type StreamCloseReason = 'session' | 'replaced';

export interface StreamOptions {
  /** The client address the stream was opened from (counted against the per-address cap). */
  address?: string;
  /** The session the stream was opened with (the SHA-256 of its token, as a logout stores it), for closeSessions. */
  session?: string;
  /** Ends the stream; called at most once, for closeUsers or to make room for a newer stream. */
  close?: (reason: StreamCloseReason) => void;
  /** Sends a comments event (publishComments); a stream without it gets none. */
  comments?: (task: string | null) => void;
  /** Sends a labels event (publishLabels); a stream without it gets none. */
  labels?: () => void;
  /** Sends a projects event (publishProjects); a stream without it gets none. */
  projects?: () => void;
}

/** Caps on the streams held by this process. */
export interface StreamLimits {
  perUser: number;
  perAddress: number;
  perInstance: number;
}

/** The cap a new stream would exceed: beyond it the stream is refused (503). */
export type StreamCapReached = 'instance' | 'address';

interface Subscriber {
  userId: string;
  role: SyncRole;
  address: string | undefined;
  session: string | undefined;
  send: PokeSender;
  close: ((reason: StreamCloseReason) => void) | undefined;
  comments: ((task: string | null) => void) | undefined;
  labels: (() => void) | undefined;
  projects: (() => void) | undefined;
}

export interface SyncHub {
  /** Registers a stream; the function returned removes it (calling it again does nothing). */
  subscribe(userId: string, role: SyncRole, send: PokeSender, options?: StreamOptions): () => void;
  /** Calls `send` of every stream the poke is for; a sender that throws is skipped, not the others. */
  publish(poke: SyncPoke): void;
  /** Calls the comments sender of every stream the poke is for, as publish does. */
  publishComments(poke: CommentsPoke): void;
  /**
   * "The team's label set changed" (docs/product.md#labels): calls the labels sender of every
   * stream (everyone uses the one set), as publish does.
   */
  publishLabels(): void;
  /**
   * "A project changed" (docs/product.md#projects: its settings, columns, archive, people, or it was
   * deleted): calls the projects sender of every stream, as publishLabels does. The event carries
   * nothing; each browser reads GET /api/projects again, which answers only what its person may see.
   */
  publishProjects(): void;
  /**
   * Makes room for one more stream of `userId` from `address`: with the user at `perUser`, their
   * oldest streams are closed (`replaced`). Returns the cap that is full instead (nothing is closed
   * then), or null once there is room.
   */
  makeRoom(userId: string, address: string, limits: StreamLimits): StreamCapReached | null;
  /**
   * Closes every stream of these users (`session`); a close that throws is skipped, not the others.
   * Remembered for a minute, for closedSince.
   */
  closeUsers(userIds: Iterable<string>): void;
  /**
   * Closes every stream opened with one of these sessions (`session`: a logout, on this device);
   * remembered for a minute, as closeUsers is.
   */
  closeSessions(sessions: Iterable<string>): void;
  /**
   * Whether closeUsers named `userId`, or closeSessions `session`, at or after `sinceMs`
   * (`performance.now()` time, finer than Date.now(): a browser reconnecting right after a close
   * must not count as before it): a stream whose token was checked before then may have been
   * checked against the account, or the logged-out tokens, as they were.
   */
  closedSince(userId: string, sinceMs: number, session?: string): boolean;
  /** The number of streams registered. */
  size(): number;
}

/** How long closeUsers is remembered: far longer than a stream takes from its token check to opening. */
const RECENT_CLOSE_MS = 60_000;

/** Forgets closes older than RECENT_CLOSE_MS and remembers `keys` as closed now (for closedSince). */
function remember(closed: Map<string, number>, keys: Set<string>): void {
  const now = performance.now();
  for (const [key, at] of closed) if (at < now - RECENT_CLOSE_MS) closed.delete(key);
  for (const key of keys) closed.set(key, now);
}

/** Calls `deliver` for every stream `userIds` reaches (admins: always); one that throws is skipped. */
function reach(
  subscribers: Set<Subscriber>,
  userIds: ReadonlySet<string> | null,
  deliver: (subscriber: Subscriber) => void,
): void {
  // A copy: a sender may unsubscribe (its stream ended) while the loop runs.
  for (const subscriber of [...subscribers]) {
    if (userIds !== null && subscriber.role !== 'admin' && !userIds.has(subscriber.userId)) continue;
    try {
      deliver(subscriber);
    } catch {
      // The stream's own code ends it; the other streams still get the poke.
    }
  }
}

/** Removes `targets` from the hub and closes them with `reason`; one that throws is skipped. */
function closeAll(subscribers: Set<Subscriber>, targets: Subscriber[], reason: StreamCloseReason): void {
  for (const subscriber of targets) {
    // Removed here, not only by the stream's cleanup: a close that fails must not leave it counted.
    subscribers.delete(subscriber);
    try {
      subscriber.close?.(reason);
    } catch {
      // The stream is gone from the hub; the others still close.
    }
  }
}

export function createSyncHub(): SyncHub {
  // A Set keeps insertion order: the first of a user's streams found is their oldest.
  const subscribers = new Set<Subscriber>();
  // When closeUsers named a user, and closeSessions a session (for closedSince).
  const closedAt = new Map<string, number>();
  const sessionClosedAt = new Map<string, number>();
  return {
    subscribe(userId, role, send, options = {}) {
      const subscriber: Subscriber = {
        userId,
        role,
        send,
        address: options.address,
        session: options.session,
        close: options.close,
        comments: options.comments,
        labels: options.labels,
        projects: options.projects,
      };
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    publish({ seq, userIds }) {
      reach(subscribers, userIds, (subscriber) => subscriber.send(seq));
    },
    publishComments({ task, userIds }) {
      reach(subscribers, userIds, (subscriber) => subscriber.comments?.(task));
    },
    publishLabels() {
      reach(subscribers, null, (subscriber) => subscriber.labels?.());
    },
    publishProjects() {
      reach(subscribers, null, (subscriber) => subscriber.projects?.());
    },
    makeRoom(userId, address, limits) {
      const own = [...subscribers].filter((subscriber) => subscriber.userId === userId);
      const evicted = own.slice(0, Math.max(0, own.length - limits.perUser + 1));
      if (subscribers.size - evicted.length >= limits.perInstance) return 'instance';
      let fromAddress = 0;
      for (const subscriber of subscribers) if (subscriber.address === address) fromAddress += 1;
      fromAddress -= evicted.filter((subscriber) => subscriber.address === address).length;
      if (fromAddress >= limits.perAddress) return 'address';
      closeAll(subscribers, evicted, 'replaced');
      return null;
    },
    closeUsers(userIds) {
      const ids = new Set(userIds);
      remember(closedAt, ids);
      closeAll(
        subscribers,
        [...subscribers].filter((subscriber) => ids.has(subscriber.userId)),
        'session',
      );
    },
    closeSessions(sessions) {
      const keys = new Set(sessions);
      remember(sessionClosedAt, keys);
      closeAll(
        subscribers,
        [...subscribers].filter(
          (subscriber) => subscriber.session !== undefined && keys.has(subscriber.session),
        ),
        'session',
      );
    },
    closedSince: (userId, sinceMs, session) =>
      (closedAt.get(userId) ?? -Infinity) >= sinceMs ||
      (session !== undefined && (sessionClosedAt.get(session) ?? -Infinity) >= sinceMs),
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
