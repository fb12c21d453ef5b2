import { expect } from 'vitest';
import { applyTestEnv } from '@/tests/setup/integration';
import { call, type CallOptions, type CallResult } from './api';

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

/**
 * With TEAM_SYNC=off, every answer `send` collects is 404 SYNC_DISABLED, whatever its token (the team
 * features' routes check it first). TEAM_SYNC is on again afterwards.
 */
export async function expectSyncDisabled(send: () => Promise<CallResult<unknown>[]>): Promise<void> {
  await applyTestEnv({ TEAM_SYNC: 'off' });
  try {
    for (const res of await send()) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        message: 'Team sync is not enabled on this server.',
        code: 'SYNC_DISABLED',
      });
    }
  } finally {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  }
}
