/**
 * The client side of `npm run bench:sync-load` (scripts/bench-sync-load.mjs): its live streams, read
 * with fetch as the browser reads them (each poke's number and each comments event's task, with when
 * it was read), and the full pull that checks what each user ends up with.
 */
import { describeError } from './bench-sync-load-server.mjs';

/**
 * @typedef {{ user: number, pokes: { seq: number, at: number }[], comments: { task: string | null, at: number }[],
 *   ready: Promise<void>, close: () => void, closed: boolean }} Stream
 */

/**
 * Opens a stream as user `user` (index into `users`) and records each poke's number and each
 * comments event's task, with the time it was read.
 */
function openStream(
  /** @type {string} */ base,
  /** @type {number} */ user,
  /** @type {string} */ token,
  /** @type {(detail: string) => void} */ onError,
) {
  const controller = new AbortController();
  /** @type {Stream} */
  const stream = {
    user,
    pokes: [],
    comments: [],
    ready: Promise.resolve(),
    closed: false,
    close: () => {
      stream.closed = true;
      controller.abort();
    },
  };
  let markReady = () => {};
  stream.ready = new Promise((resolve) => (markReady = resolve));
  void (async () => {
    try {
      const response = await fetch(`${base}/api/sync/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body) throw new Error(`status ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const comments = /^event: comments\ndata: (\{.*\})$/.exec(event);
          if (comments) stream.comments.push({ task: JSON.parse(comments[1]).task, at: performance.now() });
          const match = /^event: poke\ndata: \{"seq":(\d+)\}$/.exec(event);
          if (!match) continue;
          stream.pokes.push({ seq: Number(match[1]), at: performance.now() });
          markReady();
        }
      }
    } catch (error) {
      if (!stream.closed) onError(describeError(error));
      markReady();
    }
  })();
  return stream;
}

/**
 * Opens `streamCount` streams on the server at `base`: a tenth for the admin (user 0), the rest
 * spread over the members; `onError` hears of a stream that fails or ends while open.
 * @param {{ base: string, streamCount: number, users: { token: string }[], onError: (detail: string) => void }} options
 */
export async function openStreams({ base, streamCount, users, onError }) {
  const adminStreams = Math.max(1, Math.round(streamCount / 10));
  /** @type {Stream[]} */
  const streams = [];
  for (let i = 0; i < streamCount; i++) {
    const user = i < adminStreams ? 0 : 1 + ((i - adminStreams) % (users.length - 1));
    streams.push(openStream(base, user, /** @type {{ token: string }} */ (users[user]).token, onError));
  }
  await Promise.all(streams.map((stream) => stream.ready));
  return streams;
}

/**
 * Every task `token` can see on the server at `base`: uid → title (null: deleted), walking
 * GET /api/sync/pull from the start; `onError` hears of a page that failed (the walk stops there).
 */
export async function pullEverything(
  /** @type {string} */ base,
  /** @type {string} */ token,
  /** @type {(detail: string) => void} */ onError,
) {
  /** @type {Map<string, unknown>} */
  const seen = new Map();
  let cursor = '0:';
  for (;;) {
    const response = await fetch(
      `${base}/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=500&walk=1`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    if (response.status !== 200) {
      onError(`status ${response.status}`);
      return seen;
    }
    const page = /** @type {import('../features/sync/model/protocol').PullResponse} */ (
      await response.json()
    );
    for (const change of page.changes) seen.set(change.uid, change.deleted ? null : change.data.title);
    cursor = page.cursor;
    if (!page.more) return seen;
  }
}
