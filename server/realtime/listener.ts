import 'server-only';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { onCloseDatabase, type Executor, type WriteStatement } from '../db';
import { logger } from '../logger';
import { getSyncHub, type CommentsPoke, type SyncPoke } from './hub';

/**
 * Pokes across app instances sharing one PostgreSQL. A push sends `pg_notify` inside its
 * transaction, so the notification leaves at commit and never for a push rolled back. Each
 * instance keeps one connection of its own (not from the pool, which would hand it back) that
 * LISTENs and publishes what it hears into its hub, its own pushes' included: on PostgreSQL that is
 * the only way a poke reaches a stream, so none arrives twice. Notifications sent while the
 * connection is down are lost, so after reconnecting it pokes every local stream. Comments travel
 * the same way on a channel of their own (COMMENTS_CHANNEL), and so do label changes (LABELS_CHANNEL)
 * and project changes (PROJECTS_CHANNEL).
 */

export const SYNC_CHANNEL = 'tasklane_sync';
/**
 * "Close these users' streams" (their sessions changed): a channel of its own, so an instance of
 * the previous version, which listens to SYNC_CHANNEL only, is not sent a payload it cannot read.
 */
export const SESSIONS_CHANNEL = 'tasklane_sessions';
/**
 * "These comments changed" (features/comments/server/comment-service.ts): a channel of its own for the same
 * reason, and so that this version's listener never mistakes one for a push's poke.
 */
export const COMMENTS_CHANNEL = 'tasklane_comments';
/**
 * "The team's label set changed" (features/tasks/server/label-service.ts): a channel of its own for the same
 * reason; its payload is `{}` (every stream gets it).
 */
export const LABELS_CHANNEL = 'tasklane_labels';
/**
 * "A project changed" (features/projects/server/project-service.ts, features/sync/server/project-delete.ts):
 * a channel of its own for the same reason; its payload is `{}` (every stream gets it).
 */
export const PROJECTS_CHANNEL = 'tasklane_projects';
/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'tasklane-sync-listener';

/** PostgreSQL refuses a payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;
const CONNECT_TIMEOUT_MS = 5_000;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;

/** `fields` and `users` as a NOTIFY payload; `users: null` (everyone) when the list would not fit. */
function withAudience(fields: Record<string, unknown>, userIds: ReadonlySet<string> | null): string {
  const named = JSON.stringify({ ...fields, users: userIds === null ? null : [...userIds] });
  if (Buffer.byteLength(named) <= MAX_PAYLOAD_BYTES) return named;
  return JSON.stringify({ ...fields, users: null });
}

/** The NOTIFY payload: `{"seq":n,"users":[…]}`, or `users: null` when the list would not fit. */
export function encodePoke(poke: SyncPoke): string {
  return withAudience({ seq: poke.seq }, poke.userIds);
}

/** A payload's JSON object, or null when it is not one. */
function readObject(payload: string): Record<string, unknown> | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : null;
}

/** A payload's `users`: a set of ids, null (everyone), or undefined when malformed. */
function readAudience(users: unknown): Set<string> | null | undefined {
  if (users === null) return null;
  if (!Array.isArray(users) || !users.every((user): user is string => typeof user === 'string'))
    return undefined;
  return new Set(users);
}

/** The poke in a NOTIFY payload, or null for anything malformed. */
export function decodePoke(payload: string): SyncPoke | null {
  const data = readObject(payload);
  if (!data) return null;
  const { seq } = data;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
  const userIds = readAudience(data.users);
  return userIds === undefined ? null : { seq, userIds };
}

/** The NOTIFY payload of a comments poke: `{"task":uid|null,"users":[…]}`, or `users: null` when too long. */
export function encodeCommentsPoke(poke: CommentsPoke): string {
  return withAudience({ task: poke.task }, poke.userIds);
}

/** The comments poke in a NOTIFY payload, or null for anything malformed. */
export function decodeCommentsPoke(payload: string): CommentsPoke | null {
  const data = readObject(payload);
  if (!data) return null;
  const { task } = data;
  if (task !== null && typeof task !== 'string') return null;
  const userIds = readAudience(data.users);
  return userIds === undefined ? null : { task, userIds };
}

/** Whose streams a sessions-ended notification closes: every one of `users`', and those opened with `sessions`. */
export interface SessionsEnded {
  users: string[];
  /** The SHA-256 of the logged-out tokens (StreamOptions.session). */
  sessions: string[];
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The NOTIFY payload closing streams: `{"users":[…]}`, with `"sessions":[…]` when sessions are
 * named. An instance of the previous version reads `users` only, so a logout's payload names none
 * (`"users":[]`): it closes nothing there rather than the account's every stream.
 */
export function encodeSessionsEnded(userIds: readonly string[], sessions: readonly string[] = []): string {
  return JSON.stringify(sessions.length ? { users: userIds, sessions } : { users: userIds });
}

/** What a sessions-ended payload names, or null for anything malformed. */
export function decodeSessionsEnded(payload: string): SessionsEnded | null {
  const data = readObject(payload);
  if (!data || !isStringList(data.users)) return null;
  if (data.sessions !== undefined && !isStringList(data.sessions)) return null;
  return { users: data.users, sessions: data.sessions ?? [] };
}

/** The statement that sends `poke` to every instance when the transaction `db` belongs to commits. */
export function notifyStatement(db: Executor, poke: SyncPoke): WriteStatement {
  return db.execute(sql`select pg_notify(${SYNC_CHANNEL}, ${encodePoke(poke)})`);
}

/** The statement that sends a comments poke to every instance (at commit, inside a transaction). */
export function notifyCommentsStatement(db: Executor, poke: CommentsPoke): WriteStatement {
  return db.execute(sql`select pg_notify(${COMMENTS_CHANNEL}, ${encodeCommentsPoke(poke)})`);
}

/** The statement that tells every instance the label set changed (at commit, inside a transaction). */
export function notifyLabelsStatement(db: Executor): WriteStatement {
  return db.execute(sql`select pg_notify(${LABELS_CHANNEL}, '{}')`);
}

/** The statement that tells every instance a project changed (at commit, inside a transaction). */
export function notifyProjectsStatement(db: Executor): WriteStatement {
  return db.execute(sql`select pg_notify(${PROJECTS_CHANNEL}, '{}')`);
}

interface ListenerState {
  url: string;
  client: Client | null;
  stopped: boolean;
  /** Connection attempts that failed since the last success (sets the next delay). */
  failures: number;
  /** Whether a connection was attempted before: after a drop or a failure, streams may have missed pokes. */
  attempted: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** Settles when the first connection attempt has succeeded or failed. */
  ready: Promise<void>;
  /** Called after the next successful (re)connection, or when the listener stops. */
  waiters: (() => void)[];
}

const LISTENER_KEY = Symbol.for('tasklane.syncListener');

type ListenerHolder = typeof globalThis & { [LISTENER_KEY]?: ListenerState };

/** Kept on globalThis for the same reason as the hub: one listener per process, whatever the bundle. */
const holder = globalThis as ListenerHolder;

function wakeWaiters(state: ListenerState): void {
  for (const wake of state.waiters.splice(0)) wake();
}

function scheduleReconnect(state: ListenerState): void {
  if (state.stopped || state.timer !== null) return;
  // The first retry after a drop is immediate; then 250 ms doubling up to 30 s, with jitter.
  const base =
    state.failures === 0 ? 0 : Math.min(FIRST_BACKOFF_MS * 2 ** (state.failures - 1), MAX_BACKOFF_MS);
  const delay = base * (0.5 + Math.random() / 2);
  state.failures += 1;
  state.timer = setTimeout(() => {
    state.timer = null;
    void connect(state);
  }, delay);
  state.timer.unref?.();
}

async function connect(state: ListenerState): Promise<void> {
  if (state.stopped) return;
  const mayHaveMissed = state.attempted;
  state.attempted = true;
  const client = new Client({
    connectionString: state.url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: LISTENER_APPLICATION_NAME,
  });
  let dropped = false;
  const drop = () => {
    if (dropped) return;
    dropped = true;
    if (state.client === client) state.client = null;
    scheduleReconnect(state);
  };
  client.on('error', (error) => {
    if (!state.stopped) logger.warn('Team sync listener lost its PostgreSQL connection', error);
    drop();
    client.end().catch(() => undefined);
  });
  client.on('end', drop);
  client.on('notification', (message) => {
    if (message.channel === SESSIONS_CHANNEL) {
      const ended = decodeSessionsEnded(message.payload ?? '');
      if (ended) {
        getSyncHub().closeUsers(ended.users);
        getSyncHub().closeSessions(ended.sessions);
      } else logger.warn('Team sync listener ignored a malformed notification', message.payload);
      return;
    }
    if (message.channel === COMMENTS_CHANNEL) {
      const poke = decodeCommentsPoke(message.payload ?? '');
      if (poke) getSyncHub().publishComments(poke);
      else logger.warn('Team sync listener ignored a malformed notification', message.payload);
      return;
    }
    if (message.channel === LABELS_CHANNEL) {
      getSyncHub().publishLabels();
      return;
    }
    if (message.channel === PROJECTS_CHANNEL) {
      getSyncHub().publishProjects();
      return;
    }
    if (message.channel !== SYNC_CHANNEL) return;
    const poke = decodePoke(message.payload ?? '');
    if (poke) getSyncHub().publish(poke);
    else logger.warn('Team sync listener ignored a malformed notification', message.payload);
  });
  try {
    await client.connect();
    await client.query(`listen ${SYNC_CHANNEL}`);
    await client.query(`listen ${SESSIONS_CHANNEL}`);
    await client.query(`listen ${COMMENTS_CHANNEL}`);
    await client.query(`listen ${LABELS_CHANNEL}`);
    await client.query(`listen ${PROJECTS_CHANNEL}`);
    if (state.stopped || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    state.client = client;
    if (mayHaveMissed) {
      const { rows } = await client.query<{ last_seq: number }>(
        'select last_seq from sync_state where id = 1',
      );
      getSyncHub().publish({ seq: rows[0]?.last_seq ?? 0, userIds: null });
      // Comments written meanwhile are not in the pull: every open thread should look again.
      getSyncHub().publishComments({ task: null, userIds: null });
      // So may the label set and the projects have.
      getSyncHub().publishLabels();
      getSyncHub().publishProjects();
    }
    state.failures = 0;
    wakeWaiters(state);
  } catch (error) {
    if (!state.stopped) logger.warn('Team sync listener could not connect to PostgreSQL', error);
    drop();
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts this process's listener on `url` unless it runs already (one on another URL is replaced);
 * resolves once its first connection attempt has settled. A failed attempt is logged and retried
 * in the background: streams still open, and are poked when the connection comes.
 */
export function ensureSyncListener(url: string): Promise<void> {
  const running = holder[LISTENER_KEY];
  if (running && running.url === url) return running.ready;
  if (running) void stopListener(running);
  const state: ListenerState = {
    url,
    client: null,
    stopped: false,
    failures: 0,
    attempted: false,
    timer: null,
    ready: Promise.resolve(),
    waiters: [],
  };
  state.ready = connect(state);
  holder[LISTENER_KEY] = state;
  return state.ready;
}

async function stopListener(state: ListenerState): Promise<void> {
  state.stopped = true;
  if (holder[LISTENER_KEY] === state) delete holder[LISTENER_KEY];
  if (state.timer !== null) clearTimeout(state.timer);
  state.timer = null;
  const client = state.client;
  state.client = null;
  wakeWaiters(state);
  await client?.end().catch(() => undefined);
}

/** Closes the listener's connection for good (shutdown, closeDatabase). */
export async function stopSyncListener(): Promise<void> {
  const state = holder[LISTENER_KEY];
  if (state) await stopListener(state);
}

// Closing the database (tests, scripts, shutdown) ends the listener's own connection too.
onCloseDatabase(stopSyncListener);

/**
 * Drops the listener's connection as a network failure would, and resolves once it has reconnected
 * and poked every local stream (for tests). Does nothing when no listener runs.
 */
export async function restartSyncListener(): Promise<void> {
  const state = holder[LISTENER_KEY];
  if (!state) return;
  await state.ready;
  const reconnected = new Promise<void>((resolve) => state.waiters.push(resolve));
  if (state.client) await state.client.end().catch(() => undefined);
  else scheduleReconnect(state);
  await reconnected;
}
