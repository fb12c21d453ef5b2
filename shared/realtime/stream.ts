/**
 * The browser's end of `/api/sync/stream` (docs/product.md#team-sync-endpoints): a server-sent
 * events stream read with `fetch`, because `EventSource` cannot send the Authorization header and a
 * token in the URL would end up in logs. The stream only says "pull now" (`poke`, with the newest
 * sequence number; `comments`, `labels` and `projects` name what else to read again); the engine pulls.
 * An event it does not know is skipped, so a server may add events: a tab of the previous version
 * skips `projects` as this one would skip a later event. It reconnects with jitter when the server ends it (`bye`,
 * every few minutes, at token expiry, and when the account's sessions changed) and with a growing
 * delay when it fails; meanwhile the engine keeps polling, so sync works behind any proxy. A server
 * that refuses the stream (503: its stream caps are full; 429: too many opened) or closes it for a
 * newer one of the same user (`replaced`) is not asked again for a long while: the engine polls.
 */

import { COMMENTS_EVENT, type CommentsEventData } from '@/shared/realtime/events';
import { LABELS_EVENT, PROJECTS_EVENT } from '@/shared/realtime/events';

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits received text into complete events (a blank line ends one) and what is left over for the
 * next chunk. Comments (`: ping`) and `retry:` lines carry nothing the engine needs.
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** The sequence number a poke carries, or null when its data is not `{ "seq": n }`. */
export function readPokeSeq(data: string): number | null {
  try {
    const value: unknown = JSON.parse(data);
    const seq = (value as { seq?: unknown } | null)?.seq;
    return typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 ? seq : null;
  } catch {
    return null;
  }
}

/** The task a `comments` event names (null: any), or undefined when its data does not read. */
export function readCommentsTask(data: string): string | null | undefined {
  try {
    const value: unknown = JSON.parse(data);
    const task = (value as Partial<CommentsEventData> | null)?.task;
    return task === null || (typeof task === 'string' && task !== '') ? task : undefined;
  } catch {
    return undefined;
  }
}

/** After this many failed connections in a row the stream counts as down (the engine polls faster). */
export const STREAM_FAILURES_BEFORE_DOWN = 3;
const MAX_RETRY_MS = 30_000;
/** After `replaced`: this user has more browsers streaming than the server keeps; polling will do. */
const REPLACED_RETRY_MS = 5 * 60_000;

/** `Retry-After` in ms (whole seconds only; a date or garbage counts as none). */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1_000 : 0;
}

export interface PokeStreamOptions {
  url: string;
  getToken: () => string | null;
  fetch: typeof fetch;
  /** A poke: the server has a change this user may see, up to `seq`. */
  onPoke: (seq: number) => void;
  /** Whether the stream is working (connected, or failing fewer than a few times in a row). */
  onHealth: (up: boolean) => void;
  /**
   * A `comments` event (ADR 0030): a comment of `task` was written, edited or deleted; null: any
   * thread may have changed. Optional: without it the event is skipped, as older browsers do.
   */
  onComments?: (task: string | null) => void;
  /**
   * A `labels` event (the team's label set changed), and each time the stream opens: an event sent
   * while it was closed is missed, so the set is read again then too. Optional, as `onComments`.
   */
  onLabels?: () => void;
  /**
   * A `projects` event (a project was created, changed or deleted), and each time the stream opens,
   * as `onLabels`. Optional, as `onComments`.
   */
  onProjects?: () => void;
  random?: () => number;
}

/** How an opened stream ended: the server said `bye` (it ends streams on purpose), or `replaced`. */
interface StreamEnd {
  ended: boolean;
  replaced: boolean;
}

/**
 * Reads an opened stream until it ends or drops, handing its `labels`, `projects` and `comments`
 * events on and each valid poke to `onPoke`; any other event is skipped.
 */
async function readEvents(
  body: NonNullable<Response['body']>,
  options: Pick<PokeStreamOptions, 'onComments' | 'onLabels' | 'onProjects'>,
  onPoke: (seq: number) => void,
): Promise<StreamEnd> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const end: StreamEnd = { ended: false, replaced: false };
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const parsed = parseEvents(buffer + value);
      buffer = parsed.rest;
      for (const { event, data } of parsed.events) {
        if (event === 'bye') end.ended = true;
        if (event === 'replaced') end.replaced = true;
        if (event === LABELS_EVENT) {
          options.onLabels?.();
          continue;
        }
        if (event === PROJECTS_EVENT) {
          options.onProjects?.();
          continue;
        }
        if (event === COMMENTS_EVENT) {
          const task = readCommentsTask(data);
          if (task !== undefined) options.onComments?.(task);
          continue;
        }
        if (event !== 'poke') continue;
        const seq = readPokeSeq(data);
        if (seq !== null) onPoke(seq);
      }
    }
  } catch {
    // The connection dropped (or we closed it).
  }
  return end;
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openPokeStream(options: PokeStreamOptions): () => void {
  const random = options.random ?? Math.random;
  let closed = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function retryIn(ms: number): void {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, ms);
  }

  function failed(): void {
    failures += 1;
    if (failures >= STREAM_FAILURES_BEFORE_DOWN) options.onHealth(false);
    const base = Math.min(MAX_RETRY_MS, 1_000 * 2 ** (failures - 1));
    retryIn(Math.round(base * (0.5 + random() / 2)));
  }

  async function connect(): Promise<void> {
    const token = options.getToken();
    if (closed || !token) return;
    controller = new AbortController();
    let response: Response;
    try {
      response = await options.fetch(options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      if (!closed) failed();
      return;
    }
    // No stream here (sync turned off, session over): the engine's pulls find out and say so.
    if (response.status === 401 || response.status === 404) {
      options.onHealth(false);
      return;
    }
    // Refused for now (the server's stream caps, or this account opens too many): polling carries
    // on, and the stream is tried again no sooner than the server asked.
    if (response.status === 503 || response.status === 429) {
      void response.body?.cancel().catch(() => undefined);
      failures += 1;
      options.onHealth(false);
      const base = Math.max(retryAfterMs(response), Math.min(MAX_RETRY_MS, 1_000 * 2 ** (failures - 1)));
      retryIn(Math.round(base * (1 + random() / 2)));
      return;
    }
    if (!response.ok || !response.body) {
      failed();
      return;
    }
    options.onLabels?.();
    options.onProjects?.();
    const { ended, replaced } = await readEvents(response.body, options, (seq) => {
      failures = 0;
      options.onHealth(true);
      options.onPoke(seq);
    });
    if (closed) return;
    if (replaced) {
      options.onHealth(false);
      retryIn(Math.round(REPLACED_RETRY_MS * (0.5 + random() / 2)));
      return;
    }
    // A stream the server closed on purpose is opened again soon, spread so that a restarted server
    // is not met by every browser at once; one that dropped counts as a failure.
    if (ended) retryIn(1_000 + Math.round(random() * 9_000));
    else failed();
  }

  void connect();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    controller?.abort();
  };
}
