import { expect } from 'vitest';
import { call, type CallOptions } from './api';

type AnyHandler = (request: Request, context: never) => Promise<Response>;

/** Every given method answers 405 in the API's JSON error shape, with the route's Allow header. */
export async function expectMethodNotAllowed(
  handlers: Record<string, unknown>,
  path: string,
  allow: string,
  options: CallOptions = {},
): Promise<void> {
  for (const [method, handler] of Object.entries(handlers)) {
    const res = await call(handler as AnyHandler, path, {
      ...options,
      method,
      body: method === 'GET' ? undefined : (options.body ?? {}),
    });
    expect(res.status, method).toBe(405);
    expect(res.body, method).toEqual({
      message: `Method not allowed. Use ${allow}.`,
      code: 'METHOD_NOT_ALLOWED',
    });
    expect(res.headers.get('allow'), method).toBe(allow);
  }
}
