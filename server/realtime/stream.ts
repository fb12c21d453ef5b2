import 'server-only';
import { COMMENTS_EVENT, type CommentsEventData } from '@/shared/realtime/events';
import type { SyncActor } from '@/shared/auth/actor';
import { LABELS_EVENT, PROJECTS_EVENT } from '@/shared/realtime/events';
import { getEnv } from '../env';
import { AppError } from '../errors';
import { getSyncHub, type StreamCloseReason } from './hub';
import { ensureSyncListener } from './listener';

/**
 * GET /api/sync/stream's body: server-sent events telling one signed-in browser when to pull
 * (docs/product.md#team-sync-endpoints). It carries no task data, only push numbers:
 *
 * - `retry: 5000`, then at once `event: poke` with the last push's number, so the browser pulls;
 * - `event: poke` `data: {"seq":n}` after each push whose audience includes the user (admins: all);
 * - `event: comments` `data: {"task":"<uid>"}` after a comment on a task the user may see was
 *   written, edited or deleted (`{"task":null}`: any thread may have changed); browsers of the
 *   previous version ignore it (they act on `poke`, `bye` and `replaced` only);
 * - `event: labels` `data: {}` after an admin created, renamed, recoloured or deleted a team label
 *   (every stream: everyone uses the one set); the browser reads the set again. Browsers of the
 *   previous version ignore it, as they ignore `comments`;
 * - `event: projects` `data: {}` after a project was created, changed (settings, columns, archive,
 *   people) or deleted (every stream: GET /api/projects, which the browser reads again, answers
 *   only what its person may see). Browsers of the previous version ignore it, as they ignore `labels`;
 * - a `: ping` comment every SYNC_STREAM_HEARTBEAT_MS, so proxies keep the connection open;
 * - `event: bye` `data: {}`, then the end, after SYNC_STREAM_MAX_MS or at the token's expiry,
 *   whichever comes first (the browser reconnects with a fresh token), or when the user's sessions
 *   changed or this session logged out (features/accounts/server/session-service.ts: the reconnect finds out
 *   whether the token still works);
 * - `event: replaced` `data: {}`, then the end, when the user opened a newer stream beyond
 *   SYNC_STREAM_MAX_PER_USER (the browser polls, and tries again much later).
 *
 * Beyond SYNC_STREAM_MAX_PER_ADDRESS streams from one client address, or SYNC_STREAM_MAX_PER_INSTANCE
 * in this process, a new stream is refused with 503 (the browser polls instead).
 *
 * It ends and leaves the hub when the request aborts, the reader cancels, or a write fails.
 */

export const SYNC_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

/** How long a browser's EventSource-style reader waits before reconnecting after a drop. */
export const SYNC_STREAM_RETRY_MS = 5_000;

/** Events queued for a reader that does not read; past this the stream ends (the browser polls on). */
const MAX_BACKLOG = 256;

/** setTimeout fires at once for delays above this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const pokeEvent = (seq: number): string => `event: poke\ndata: ${JSON.stringify({ seq })}\n\n`;
export const commentsEvent = (task: string | null): string =>
  `event: ${COMMENTS_EVENT}\ndata: ${JSON.stringify({ task } satisfies CommentsEventData)}\n\n`;
export const LABELS_STREAM_EVENT = `event: ${LABELS_EVENT}\ndata: {}\n\n`;
export const PROJECTS_STREAM_EVENT = `event: ${PROJECTS_EVENT}\ndata: {}\n\n`;
const PING = ': ping\n\n';
const BYE = 'event: bye\ndata: {}\n\n';
const REPLACED = 'event: replaced\ndata: {}\n\n';
const FAREWELLS: Record<StreamCloseReason, string> = { session: BYE, replaced: REPLACED };

export const STREAMS_FULL_MESSAGE =
  'Too many live update connections are open. Changes will still arrive, a little later.';
/** What a refused browser is told to wait before trying again. */
const STREAMS_FULL_RETRY_SECONDS = 60;

/** How a stream is opened: the session's end, the caller's address, when its token was checked. */
export interface SyncStreamOptions {
  expiresAtMs: number | null;
  address: string;
  checkedAtMs: number;
  session?: string;
  /** The number of the last push committed (the sync feature's), sent as the stream's first poke. */
  lastSeq: () => Promise<number>;
}

/**
 * The stream for `actor`, registered in the hub before the last push's number is read, so a push
 * committed meanwhile is not missed (at worst it is poked twice). On PostgreSQL the instance's
 * listener is started first (server/realtime/listener.ts).
 */
export async function openSyncStream(
  request: Request,
  actor: SyncActor,
  options: SyncStreamOptions,
): Promise<Response> {
  const env = getEnv();
  if (env.database.dialect === 'postgres') await ensureSyncListener(env.database.url);
  // The account changed, or this session logged out, between the token check and now (its close
  // came before this stream was in the hub): say bye at once, so the browser reconnects and its
  // token is checked again.
  if (getSyncHub().closedSince(actor.id, options.checkedAtMs, options.session)) {
    return new Response(`retry: ${SYNC_STREAM_RETRY_MS}\n\n${BYE}`, { headers: SYNC_STREAM_HEADERS });
  }
  // From here to the subscription nothing awaits, so streams opening together cannot overshoot a cap.
  const full = getSyncHub().makeRoom(actor.id, options.address, {
    perUser: env.SYNC_STREAM_MAX_PER_USER,
    perAddress: env.SYNC_STREAM_MAX_PER_ADDRESS,
    perInstance: env.SYNC_STREAM_MAX_PER_INSTANCE,
  });
  if (full) {
    throw new AppError('SERVICE_UNAVAILABLE', STREAMS_FULL_MESSAGE, {
      headers: { 'Retry-After': String(STREAMS_FULL_RETRY_SECONDS) },
    });
  }

  const encoder = new TextEncoder();
  const cleanups: (() => void)[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;

  const end = (farewell?: string) => {
    if (ended) return;
    ended = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    try {
      if (farewell) controller?.enqueue(encoder.encode(farewell));
      controller?.close();
    } catch {
      // Cancelled by the reader already.
    }
  };
  const write = (text: string) => {
    if (ended || !controller) return;
    if ((controller.desiredSize ?? 0) < -MAX_BACKLOG) return end();
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end();
    }
  };

  // `start` runs inside the constructor, so the controller is there from the next line on.
  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
    cancel: () => end(),
  });

  write(`retry: ${SYNC_STREAM_RETRY_MS}\n\n`);
  cleanups.push(
    getSyncHub().subscribe(actor.id, actor.role, (seq) => write(pokeEvent(seq)), {
      address: options.address,
      session: options.session,
      close: (reason) => end(FAREWELLS[reason]),
      comments: (task) => write(commentsEvent(task)),
      labels: () => write(LABELS_STREAM_EVENT),
      projects: () => write(PROJECTS_STREAM_EVENT),
    }),
  );
  const onAbort = () => end();
  request.signal.addEventListener('abort', onAbort, { once: true });
  cleanups.push(() => request.signal.removeEventListener('abort', onAbort));
  const heartbeat = setInterval(() => write(PING), env.SYNC_STREAM_HEARTBEAT_MS);
  cleanups.push(() => clearInterval(heartbeat));
  const untilExpiry = options.expiresAtMs === null ? Infinity : options.expiresAtMs - Date.now();
  const lifetime = Math.max(0, Math.min(env.SYNC_STREAM_MAX_MS, untilExpiry, MAX_TIMER_MS));
  const expiry = setTimeout(() => end(BYE), lifetime);
  cleanups.push(() => clearTimeout(expiry));
  if (request.signal.aborted) end();

  try {
    write(pokeEvent(await options.lastSeq()));
  } catch (error) {
    end();
    throw error;
  }
  return new Response(body, { headers: SYNC_STREAM_HEADERS });
}
