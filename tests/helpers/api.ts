/**
 * Calls route handlers the way Next.js does: a standard Request, plus the route context with
 * its params as a promise.
 */
type RouteHandler = (request: Request, context: never) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Sent as-is (for malformed JSON tests) instead of JSON.stringify(body). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = Record<string, unknown>>(
  handler: RouteHandler,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-forwarded-for': options.ip ?? '203.0.113.10',
    ...options.headers,
  };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request(`http://tasklane.test${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const context = { params: Promise.resolve(options.params ?? {}) } as never;
  const response = await handler(request, context);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
