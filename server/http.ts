import 'server-only';
import type { z } from 'zod';
import { formatBytes } from '@/shared/format/bytes';
import { exceedsJsonDepth } from '@/shared/validation/json-depth';
import { AppError } from './errors';
import { logger } from './logger';

/** JSON bodies above this are refused with 413 before they are parsed. */
export const MAX_JSON_BODY_BYTES = 100 * 1024;

/**
 * Objects and arrays nested deeper than this are refused with 400 before the schema sees them: our
 * bodies need a few levels, and a recursive schema (zod's `z.json()`) overflows the stack on a body
 * of a few thousand `[` (a 500 with a stack trace in the log).
 */
export const MAX_JSON_BODY_DEPTH = 64;

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function json(
  data: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(data, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

export function errorResponse(error: AppError): Response {
  const body: Record<string, unknown> = { message: error.message, code: error.code };
  if (error.options.issues !== undefined) body.issues = error.options.issues;
  return json(body, { status: error.status, headers: error.options.headers });
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * The one place errors become responses: AppError → its status and message, anything else →
 * 500 with a fixed message; details go to the log only, never to the client.
 */
export function withErrorHandling<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      logger.error(`Unhandled error in ${request.method} ${new URL(request.url).pathname}`, error);
      return json({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' }, { status: 500 });
    }
  };
}

function bodyTooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Request body is too large (limit ${formatBytes(maxBytes)}).`);
}

async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw bodyTooLarge(maxBytes);
  if (!request.body) return '';
  // Count bytes as they arrive: a missing or false Content-Length must not let a huge body in.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads, parses and validates a JSON body; the first problem becomes the 400 message. Bodies above
 * `maxBytes` (default MAX_JSON_BODY_BYTES) are refused with 413. `onBody` sees the body's size in
 * bytes once it is read, before it is parsed (a byte budget counts invalid bodies too).
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number; onBody?: (bytes: number) => Promise<void> } = {},
): Promise<z.output<S>> {
  const text = await readBodyText(request, options.maxBytes ?? MAX_JSON_BODY_BYTES);
  if (options.onBody) await options.onBody(Buffer.byteLength(text));
  if (text.trim() === '') throw new AppError('INVALID_JSON', 'Request body must be a JSON object.');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 'Request body must be valid JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new AppError('INVALID_JSON', 'Request body must be a JSON object.');
  }
  if (exceedsJsonDepth(data, MAX_JSON_BODY_DEPTH)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Request body is nested too deeply (at most ${MAX_JSON_BODY_DEPTH} levels).`,
    );
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      // A refused record key carries the key schema's own message one level down.
      message: (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined) ?? issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid request.', { issues });
  }
  return result.data;
}

/**
 * The client address for per-address rate limits. The request hook (client-address-preload.cjs,
 * loaded by every way the server starts) has already replaced `X-Forwarded-For` with the one
 * address it decided from the socket and `TRUST_PROXY`; whatever the client wrote there is gone.
 * The last entry is read so that, were the hook ever missing, Next.js's own socket entry would be
 * preferred over earlier ones (start-up warns in that case).
 */
export function getClientIp(request: Request): string {
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last || 'unknown';
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof ALL_METHODS)[number];

/**
 * Handlers answering 405 in the API's JSON shape for every method a route does not serve
 * (Next.js's own 405 has an empty body). Spread the result into the route's exports.
 */
export function methodNotAllowed(...allowed: Method[]): Record<Method, () => Promise<Response>> {
  const allow = allowed.join(', ');
  const handler = async () =>
    json(
      { message: `Method not allowed. Use ${allow}.`, code: 'METHOD_NOT_ALLOWED' },
      { status: 405, headers: { Allow: allow } },
    );
  return Object.fromEntries(ALL_METHODS.map((method) => [method, handler])) as Record<
    Method,
    () => Promise<Response>
  >;
}

/** The token of `Authorization: Bearer <token>`, or null without one. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? null;
}
