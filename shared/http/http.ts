import { handleSessionExpired } from '../session/session-expiry';
import { getStoredToken } from '../session/session';

/**
 * The browser's JSON client for our API. Every failure surfaces as an `ApiError` (with `kind` telling
 * timeouts, unreachable server and HTTP errors apart) except a caller-initiated abort, whose AbortError
 * is rethrown untouched so callers can recognise and ignore it (`error.name === 'AbortError'`).
 *
 * Importable on the server: nothing touches `window` until a request is made.
 */

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

const GENERIC_TIMEOUT_MESSAGE = 'The server took too long to respond. Please try again.';
const GENERIC_NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
/** What a request says when the server's answer is not the shape it expects. */
export const GENERIC_INVALID_RESPONSE_MESSAGE = 'The server sent a response that could not be read.';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  kind: ApiErrorKind;
  status?: number;
  code?: string;
  body?: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; code?: string; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
  }
}

export type RequestJsonOptions = {
  method?: string;
  /** Sent as JSON when not `undefined`. */
  body?: unknown;
  timeoutMs?: number;
  /** Send the stored bearer token (default true). Turn off for login/signup. */
  auth?: boolean;
  /**
   * A 401 to the stored token ends the session (default true). Off for the background reads of
   * additions of ours to a screen (the sign-up settings, the invitations): their failure is told in
   * their own block, and the screen's own requests still end a session that is really over.
   */
  endSessionOn401?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The fetch to use (tests pass their own); the global one by default. */
  fetch?: typeof fetch;
};

function buildHeaders({ body, auth = true, headers }: RequestJsonOptions): Headers {
  // Headers (not a plain object) so a caller's `content-type` replaces ours instead of being merged in.
  const result = new Headers(headers);
  if (!result.has('Accept')) result.set('Accept', 'application/json');
  if (body !== undefined && !result.has('Content-Type')) result.set('Content-Type', 'application/json');
  if (auth && !result.has('Authorization')) {
    const token = getStoredToken();
    if (token) result.set('Authorization', `Bearer ${token}`);
  }
  return result;
}

function readStringField(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(field in value)) return undefined;
  const fieldValue: unknown = (value as Record<string, unknown>)[field];
  return typeof fieldValue === 'string' && fieldValue !== '' ? fieldValue : undefined;
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export async function requestJson<T>(path: string, options: RequestJsonOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    signal,
    fetch: fetchFn = fetch,
  } = options;

  // Throws the caller's abort reason (an AbortError by default) without starting the request.
  signal?.throwIfAborted();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // Forward the reason so fetch rejects with exactly what the caller aborted with.
  const abortFromCaller = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  // Shared by fetch and body reading: the timeout and the caller's signal cover both.
  const toRequestError = (error: unknown): unknown => {
    if (timedOut) return new ApiError('timeout', GENERIC_TIMEOUT_MESSAGE, { cause: error });
    if (signal?.aborted) return error;
    return new ApiError('network', GENERIC_NETWORK_MESSAGE, { cause: error });
  };

  const headers = buildHeaders(options);
  const sentToken = headers.has('Authorization');

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      throw toRequestError(error);
    }

    const parsed = parseBody(text);

    if (!response.ok) {
      // A stored token the server refuses means the session is over (expired, reset, user deleted).
      if (response.status === 401 && sentToken && options.endSessionOn401 !== false) handleSessionExpired();
      const errorBody = parsed.ok ? parsed.value : undefined;
      throw new ApiError(
        'http',
        readStringField(errorBody, 'message') ?? `Request failed with status ${response.status}.`,
        { status: response.status, code: readStringField(errorBody, 'code'), body: errorBody },
      );
    }

    if (!parsed.ok) {
      // A 2xx we cannot decode is still a broken HTTP exchange; returning the text would lie about T.
      throw new ApiError('http', GENERIC_INVALID_RESPONSE_MESSAGE, { status: response.status });
    }

    // Empty bodies (204, or a 200 with nothing) resolve to undefined; callers type those as void.
    return parsed.value as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

type BodylessOptions = Omit<RequestJsonOptions, 'method' | 'body'>;

export function getJson<T>(path: string, options?: BodylessOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'GET' });
}

export function postJson<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'POST', body });
}

export function putJson<T>(path: string, body?: unknown, options?: BodylessOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'PUT', body });
}

export function deleteJson<T>(path: string, options?: BodylessOptions): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'DELETE' });
}

/**
 * The message the server put in its error body, if it sent one (the forms show it and fall back to their own
 * text otherwise; `ApiError.message` always has some text, so it can't tell).
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  return readStringField(error.body, 'message');
}

/**
 * A block of a screen reading the account (two-factor, single sign-on): null when the server
 * refused the session (401), which the screen's own requests already deal with.
 */
export async function nullWhenRefused<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** A 2xx answer to a login or sign-up without a token: a broken server, not bad credentials. */
export class MissingTokenError extends Error {
  constructor() {
    super('The server answered without a session token.');
    this.name = 'MissingTokenError';
  }
}
