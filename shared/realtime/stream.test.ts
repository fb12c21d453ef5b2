import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPokeStream, parseEvents, readCommentsTask, readPokeSeq } from './stream';

/** Real timers (the stream's 1 s back-off): room for a busy machine, without slowing a quiet one. */
const WAIT = { timeout: 10_000 };

describe('parseEvents', () => {
  it('returns complete events and keeps a partial one for the next chunk', () => {
    const first = parseEvents('retry: 5000\n\nevent: poke\ndata: {"seq":3}\n\n: ping\n\nevent: po');
    expect(first.events).toEqual([{ event: 'poke', data: '{"seq":3}' }]);
    expect(first.rest).toBe('event: po');
    const second = parseEvents(first.rest + 'ke\r\ndata: {"seq":4}\r\n\r\nevent: bye\ndata: {}\n\n');
    expect(second.events).toEqual([
      { event: 'poke', data: '{"seq":4}' },
      { event: 'bye', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('joins multi-line data and defaults the event name', () => {
    expect(parseEvents('data: a\ndata:b\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('readPokeSeq', () => {
  it('reads a whole non-negative seq and refuses anything else', () => {
    expect(readPokeSeq('{"seq":12}')).toBe(12);
    expect(readPokeSeq('{"seq":-1}')).toBeNull();
    expect(readPokeSeq('{"seq":1.5}')).toBeNull();
    expect(readPokeSeq('{}')).toBeNull();
    expect(readPokeSeq('null')).toBeNull();
    expect(readPokeSeq('not json')).toBeNull();
  });
});

describe('readCommentsTask', () => {
  it('reads a task uid or null, and refuses anything else', () => {
    expect(readCommentsTask('{"task":"t-1"}')).toBe('t-1');
    expect(readCommentsTask('{"task":null}')).toBeNull();
    expect(readCommentsTask('{"task":""}')).toBeUndefined();
    expect(readCommentsTask('{"task":3}')).toBeUndefined();
    expect(readCommentsTask('{}')).toBeUndefined();
    expect(readCommentsTask('not json')).toBeUndefined();
  });
});

/** A response whose body is `chunks`, sent one by one; the body ends after the last. */
function streamResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('openPokeStream', () => {
  it('sends the token, reports each poke, and reconnects after the server says bye', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        streamResponse([
          'retry: 5000\n\nevent: poke\ndata: {"seq":3}\n\n',
          'event: poke\ndata: {"se',
          'q":5}\n\n: ping\n\nevent: bye\ndata: {}\n\n',
        ]),
      )
      .mockImplementation(() => new Promise<Response>(() => undefined));
    const pokes: number[] = [];
    const health: boolean[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch,
      onPoke: (seq) => pokes.push(seq),
      onHealth: (up) => health.push(up),
      random: () => 0,
    });
    await vi.waitFor(() => expect(pokes).toEqual([3, 5]), WAIT);
    expect(health).toEqual([true, true]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/sync/stream');
    expect(init?.headers).toEqual({ Authorization: 'Bearer the-token', Accept: 'text/event-stream' });
    // bye: opened again after 1 s (random 0), not at once.
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), WAIT);
    close();
  });

  it('calls onLabels at each opening and each `labels` event; without it (a tab of the previous version) they are skipped', async () => {
    const chunks = [
      'retry: 5000\n\nevent: poke\ndata: {"seq":1}\n\n',
      'event: labels\ndata: {}\n\nevent: poke\ndata: {"seq":2}\n\n',
      'event: labels\ndata: {}\n\n: ping\n\nevent: poke\ndata: {"seq":3}\n\nevent: bye\ndata: {}\n\n',
    ];
    const pending = () => new Promise<Response>(() => undefined);
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    fetch
      .mockResolvedValueOnce(streamResponse(['event: poke\ndata: {"seq":4}\n\n']))
      .mockImplementation(pending);
    const seen: string[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch,
      onPoke: (seq) => seen.push(`poke ${seq}`),
      onHealth: () => undefined,
      onLabels: () => seen.push('labels'),
      random: () => 0,
    });
    // Opened (labels), two events, then after `bye` opened again (labels: one may have been missed).
    await vi.waitFor(() => expect(seen).toContain('poke 4'), WAIT);
    expect(seen).toEqual(['labels', 'poke 1', 'labels', 'poke 2', 'labels', 'poke 3', 'labels', 'poke 4']);
    close();

    const old = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    old.mockImplementation(pending);
    const pokes: number[] = [];
    const health: boolean[] = [];
    const closeOld = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch: old,
      onPoke: (seq) => pokes.push(seq),
      onHealth: (up) => health.push(up),
      random: () => 0,
    });
    await vi.waitFor(() => expect(pokes).toEqual([1, 2, 3]), WAIT);
    expect(health).toEqual([true, true, true]);
    closeOld();
  });

  it('calls onProjects at each opening and each `projects` event, apart from labels', async () => {
    const chunks = [
      'retry: 5000\n\nevent: poke\ndata: {"seq":1}\n\n',
      'event: projects\ndata: {}\n\nevent: labels\ndata: {}\n\n',
      'event: projects\ndata: {}\n\nevent: poke\ndata: {"seq":2}\n\nevent: bye\ndata: {}\n\n',
    ];
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    fetch
      .mockResolvedValueOnce(streamResponse(['event: poke\ndata: {"seq":3}\n\n']))
      .mockImplementation(() => new Promise<Response>(() => undefined));
    const seen: string[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch,
      onPoke: (seq) => seen.push(`poke ${seq}`),
      onHealth: () => undefined,
      onLabels: () => seen.push('labels'),
      onProjects: () => seen.push('projects'),
      random: () => 0,
    });
    // Each opening reads both again (an event may have been missed while the stream was closed).
    await vi.waitFor(() => expect(seen).toContain('poke 3'), WAIT);
    expect(seen).toEqual([
      'labels',
      'projects',
      'poke 1',
      'projects',
      'labels',
      'projects',
      'poke 2',
      'labels',
      'projects',
      'poke 3',
    ]);
    close();
  });

  it('skips an event it does not know (a tab of the previous version given `projects`), and the stream works on', async () => {
    // What a tab of the previous version gets from this server: `projects` events among the rest,
    // with handlers for labels only; and a later event this version does not know.
    const chunks = [
      'retry: 5000\n\nevent: projects\ndata: {}\n\nevent: poke\ndata: {"seq":1}\n\n',
      'event: projects\ndata: {}\n\nevent: labels\ndata: {}\n\n',
      'event: something-later\ndata: {"seq":99}\n\nevent: projects\ndata: not json\n\n',
      'event: poke\ndata: {"seq":2}\n\n',
    ];
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    fetch.mockImplementation(() => new Promise<Response>(() => undefined));
    const seen: string[] = [];
    const health: boolean[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch,
      onPoke: (seq) => seen.push(`poke ${seq}`),
      onHealth: (up) => health.push(up),
      onLabels: () => seen.push('labels'),
      random: () => 0,
    });
    await vi.waitFor(() => expect(seen).toContain('poke 2'), WAIT);
    expect(seen).toEqual(['labels', 'poke 1', 'labels', 'poke 2']);
    expect(health).toEqual([true, true]);
    close();
  });

  it('hands `comments` events to onComments, and skips them without one', async () => {
    const chunks = [
      'event: comments\ndata: {"task":"t-9"}\n\n',
      'event: comments\ndata: {"task":null}\n\nevent: comments\ndata: nonsense\n\n',
      'event: poke\ndata: {"seq":2}\n\n',
    ];
    const pending = () => new Promise<Response>(() => undefined);
    const withHandler = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    withHandler.mockImplementation(pending);
    const told: (string | null)[] = [];
    const pokes: number[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch: withHandler,
      onPoke: (seq) => pokes.push(seq),
      onHealth: () => undefined,
      onComments: (task) => told.push(task),
      random: () => 0,
    });
    await vi.waitFor(() => expect(pokes).toEqual([2]), WAIT);
    expect(told).toEqual(['t-9', null]);
    close();

    const without = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(streamResponse(chunks));
    without.mockImplementation(pending);
    const laterPokes: number[] = [];
    const closeOld = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch: without,
      onPoke: (seq) => laterPokes.push(seq),
      onHealth: () => undefined,
      random: () => 0,
    });
    await vi.waitFor(() => expect(laterPokes).toEqual([2]), WAIT);
    closeOld();
  });

  it('says the stream is down after three failures in a row, and stops trying on 404', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const health: boolean[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch,
      onPoke: () => undefined,
      onHealth: (up) => health.push(up),
      random: () => 0,
    });
    await vi.waitFor(() => expect(health).toEqual([false]), WAIT);
    expect(fetch).toHaveBeenCalledTimes(3);
    close();

    const notFound = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('{}', { status: 404 }));
    const told: boolean[] = [];
    const closeAgain = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 'the-token',
      fetch: notFound,
      onPoke: () => undefined,
      onHealth: (up) => told.push(up),
    });
    await vi.waitFor(() => expect(told).toEqual([false]), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notFound).toHaveBeenCalledTimes(1);
    closeAgain();
  });

  it('opens nothing without a token, and close() aborts an open connection', async () => {
    const none = vi.fn<typeof globalThis.fetch>();
    openPokeStream({
      url: '/s',
      getToken: () => null,
      fetch: none,
      onPoke: () => undefined,
      onHealth: () => undefined,
    })();
    expect(none).not.toHaveBeenCalled();

    let signal: AbortSignal | undefined;
    const hanging = vi.fn<typeof globalThis.fetch>((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    });
    const close = openPokeStream({
      url: '/s',
      getToken: () => 't',
      fetch: hanging,
      onPoke: () => undefined,
      onHealth: () => undefined,
    });
    await vi.waitFor(() => expect(hanging).toHaveBeenCalledTimes(1), WAIT);
    close();
    expect(signal?.aborted).toBe(true);
  });
});

describe('openPokeStream when the server turns the stream away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Opens a stream on `fetch` (random 0: the shortest delays) and records its health reports. */
  async function openOn(fetch: typeof globalThis.fetch) {
    const health: boolean[] = [];
    const close = openPokeStream({
      url: '/api/sync/stream',
      getToken: () => 't',
      fetch,
      onPoke: () => undefined,
      onHealth: (up) => health.push(up),
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    return { health, close };
  }

  it('goes down at once on 503 and tries again no sooner than Retry-After (the engine polls meanwhile)', async () => {
    const refuse = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementation(async () =>
        Response.json(
          { message: 'Too many live update connections are open.', code: 'SERVICE_UNAVAILABLE' },
          { status: 503, headers: { 'Retry-After': '60' } },
        ),
      );
    const { health, close } = await openOn(refuse);
    expect(refuse).toHaveBeenCalledTimes(1);
    expect(health).toEqual([false]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(refuse).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refuse).toHaveBeenCalledTimes(2);
    close();
  });

  it('goes down at once on 429 too, and backs off without Retry-After', async () => {
    const limited = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementation(async () => Response.json({ code: 'RATE_LIMITED' }, { status: 429 }));
    const { health, close } = await openOn(limited);
    expect(health).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(limited).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(limited).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(limited).toHaveBeenCalledTimes(3);
    close();
  });

  it('goes down when the server closes the stream for a newer one (`replaced`), and waits minutes', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        streamResponse(['retry: 5000\n\nevent: poke\ndata: {"seq":1}\n\n', 'event: replaced\ndata: {}\n\n']),
      )
      .mockImplementation(() => new Promise<Response>(() => undefined));
    const { health, close } = await openOn(fetch);
    expect(health).toEqual([true, false]);
    // random 0: half of 5 minutes.
    await vi.advanceTimersByTimeAsync(150_000 - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    close();
  });
});
