import { GET as streamRoute } from '@/app/api/sync/stream/route';

/**
 * Reads GET /api/sync/stream the way the browser does (fetch, not EventSource): the route handler
 * is called with a Request whose signal the test can abort, and the body is split into events.
 */

/** One block of the stream (the lines up to a blank line); a `: text` line is a comment. */
export interface SseBlock {
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

const DEFAULT_WAIT_MS = 5_000;

/** Splits a byte stream into SSE blocks. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private done = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next block, or null once the stream has ended; fails after `waitMs` without one. */
  async next(waitMs = DEFAULT_WAIT_MS): Promise<SseBlock | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return parseBlock(text);
      }
      if (this.done) {
        if (this.buffer !== '')
          throw new Error(`stream ended inside a block: ${JSON.stringify(this.buffer)}`);
        return null;
      }
      const chunk = await readWithin(this.reader, deadline - Date.now());
      if (chunk.done) this.done = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next block that is not a `: ping` comment. */
  async nextEvent(waitMs = DEFAULT_WAIT_MS): Promise<SseBlock | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const block = await this.next(deadline - Date.now());
      if (block?.comment !== 'ping') return block;
    }
  }

  /** The seq of the next event, which must be a poke. */
  async nextPoke(waitMs = DEFAULT_WAIT_MS): Promise<number> {
    const block = await this.nextEvent(waitMs);
    if (block?.event !== 'poke' || block.data === undefined) {
      throw new Error(`expected a poke, got ${JSON.stringify(block)}`);
    }
    return (JSON.parse(block.data) as { seq: number }).seq;
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') block.event = value;
    else if (field === 'data') block.data = block.data === undefined ? value : `${block.data}\n${value}`;
    else if (field === 'retry') block.retry = Number(value);
    else throw new Error(`unexpected SSE line: ${JSON.stringify(line)}`);
  }
  return block;
}

async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  waitMs: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no stream data within the wait`)), Math.max(0, waitMs));
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** The JSON body of a response that is not a stream. */
  body: Record<string, unknown> | undefined;
  events: SseReader;
  /** Aborts the request, as a browser closing the connection does. */
  abort(): void;
}

const opened = new Set<OpenedStream>();

/**
 * Opens a stream as `token` (none: no Authorization header) from client address `ip`. Close it with
 * closeStreams().
 */
export async function openStream(token: string | undefined, ip = '203.0.113.10'): Promise<OpenedStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  const request = new Request('http://tasklane.test/api/sync/stream', { headers, signal: controller.signal });
  const response = await streamRoute(request, { params: Promise.resolve({}) } as never);
  const isStream = response.headers.get('content-type') === 'text/event-stream';
  const body = isStream ? undefined : ((await response.json()) as Record<string, unknown>);
  const stream: OpenedStream = {
    status: response.status,
    headers: response.headers,
    body,
    events: new SseReader(isStream && response.body ? response.body : new ReadableStream()),
    abort: () => controller.abort(),
  };
  if (isStream) opened.add(stream);
  return stream;
}

/** A stream opened as `token` with its first two blocks (`retry`, the first poke) read; returns that poke's seq too. */
export async function openLiveStream(
  token: string,
  ip?: string,
): Promise<OpenedStream & { firstSeq: number }> {
  const stream = await openStream(token, ip);
  if (stream.status !== 200)
    throw new Error(`stream refused: ${stream.status} ${JSON.stringify(stream.body)}`);
  const retry = await stream.events.next();
  if (retry?.retry !== 5000) throw new Error(`expected retry first, got ${JSON.stringify(retry)}`);
  return { ...stream, firstSeq: await stream.events.nextPoke() };
}

/** Aborts every stream opened by openStream. */
export function closeStreams(): void {
  for (const stream of opened) stream.abort();
  opened.clear();
}
