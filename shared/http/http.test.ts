// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  DEFAULT_REQUEST_TIMEOUT_MS,
  deleteJson,
  getJson,
  postJson,
  putJson,
  requestJson,
} from './http';

type FetchArgs = [input: string, init: RequestInit];

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never settles on its own and rejects like the real one when its signal aborts. */
function hangUntilAborted(_input: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

function lastCall(): FetchArgs {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call;
}

function sentHeaders(): Headers {
  return new Headers(lastCall()[1].headers);
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requestJson headers', () => {
  it('sends the stored token as a bearer Authorization header', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await getJson('/api/tasks');

    expect(sentHeaders().get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(sentHeaders().get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await getJson('/api/tasks');

    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('sends no Authorization header when auth is false', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await postJson('/api/auth/login', { email: 'a@b.c' }, { auth: false });

    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('omits Content-Type when there is no body', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));

    await getJson('/api/tasks');

    expect(sentHeaders().has('Content-Type')).toBe(false);
    expect(lastCall()[1].body).toBeUndefined();
  });

  it('lets caller headers override the defaults', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));

    await getJson('/api/export', { headers: { accept: 'text/csv', 'X-Request-Id': 'r1' } });

    expect(sentHeaders().get('Accept')).toBe('text/csv');
    expect(sentHeaders().get('X-Request-Id')).toBe('r1');
  });
});

describe('requestJson success', () => {
  it('sends a JSON body with method and Content-Type and returns the parsed response', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 't1', title: 'Ship it' }, 201));

    const created = await postJson<{ id: string; title: string }>('/api/tasks', { title: 'Ship it' });

    const [input, init] = lastCall();
    expect(input).toBe('/api/tasks');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"Ship it"}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
    expect(created).toEqual({ id: 't1', title: 'Ship it' });
  });

  it('uses the matching method in each wrapper', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));

    await getJson('/a');
    await postJson('/a', {});
    await putJson('/a', { title: 'x' });
    await deleteJson('/a');

    expect(fetchMock.mock.calls.map(([, init]) => init.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(fetchMock.mock.calls[2]?.[1].body).toBe('{"title":"x"}');
  });

  it('passes a custom method through requestJson and defaults to GET', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ done: true }));

    await requestJson('/api/tasks/t1', { method: 'PATCH', body: { done: true } });
    await requestJson('/api/tasks');

    expect(fetchMock.mock.calls.map(([, init]) => init.method)).toEqual(['PATCH', 'GET']);
    expect(fetchMock.mock.calls[0]?.[1].body).toBe('{"done":true}');
  });

  it('resolves to undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(deleteJson('/api/tasks/t1')).resolves.toBeUndefined();
  });

  it('rejects a 2xx body that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy page</html>', { status: 200 }));

    const error = await captureError(getJson('/api/tasks'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 200, body: undefined });
  });
});

describe('requestJson errors', () => {
  it('turns a non-2xx JSON response into an http ApiError with the server message', async () => {
    const body = { message: 'Task title is required.', code: 'validation_failed', field: 'title' };
    fetchMock.mockResolvedValue(jsonResponse(body, 422));

    const error = await captureError(postJson('/api/tasks', { title: '' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      kind: 'http',
      status: 422,
      code: 'validation_failed',
      message: 'Task title is required.',
      body,
    });
  });

  it('uses a generic message and no body when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('Bad Gateway', { status: 502 }));

    const error = await captureError(getJson('/api/tasks'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 502, body: undefined, code: undefined });
    expect((error as ApiError).message).toBe('Request failed with status 502.');
  });

  it('uses a generic message when the JSON error body has no string message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 42 }, 500));

    const error = await captureError(getJson('/api/tasks'));

    expect(error).toMatchObject({ kind: 'http', status: 500, body: { message: 42 } });
    expect((error as ApiError).message).toBe('Request failed with status 500.');
  });

  it('maps a fetch rejection to a network ApiError', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error = await captureError(getJson('/api/tasks'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: undefined, cause });
  });

  it('times out after the default timeout with a timeout ApiError and aborts the request', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangUntilAborted);

    const pending = captureError(getJson('/api/tasks'));
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 1);
    expect(lastCall()[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(lastCall()[1].signal?.aborted).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours a custom timeoutMs', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangUntilAborted);

    const pending = captureError(getJson('/api/tasks', { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);

    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it('clears the timeout timer once the response arrives', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await getJson('/api/tasks');

    expect(vi.getTimerCount()).toBe(0);
  });

  it('rethrows the AbortError as-is when the caller aborts', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangUntilAborted);
    const controller = new AbortController();

    const pending = captureError(getJson('/api/tasks', { signal: controller.signal }));
    controller.abort();
    const error = await pending;

    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).toBe(controller.signal.reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not call fetch when the caller signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();

    const error = await captureError(getJson('/api/tasks', { signal: controller.signal }));

    expect((error as DOMException).name).toBe('AbortError');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
