import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/server/db';
import { logger } from '@/server/logger';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/health';
/** Nothing listens on port 1: the connection is refused at once. */
const UNREACHABLE_DATABASE_URL = 'postgresql://postgres@127.0.0.1:1/nothing';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/health', () => {
  it('answers 200 { status: "ok" } after a real database round trip', async () => {
    const ping = vi.spyOn(await getDatabase(), 'ping');
    const res = await call(GET as never, PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('answers 503 without connection details when the database is unreachable, and recovers', async () => {
    const logged = vi.spyOn(logger, 'error');
    await applyTestEnv({ DATABASE_URL: UNREACHABLE_DATABASE_URL });
    try {
      // Twice: a failed open must not be cached as a permanent failure or hang the next call.
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await call(GET as never, PATH);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          status: 'error',
          message: expect.any(String),
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(res.headers.get('cache-control')).toBe('no-store');
        for (const detail of ['127.0.0.1', 'ECONNREFUSED', 'postgres', 'nothing', ':1', 'stack']) {
          expect(res.text).not.toContain(detail);
        }
      }
      // The details go to the server log instead.
      expect(logged).toHaveBeenCalledTimes(2);
      expect(logged.mock.calls[0]?.[0]).toMatch(/health check failed/i);
      expect(
        JSON.stringify(logged.mock.calls[0]?.[1], Object.getOwnPropertyNames(logged.mock.calls[0]?.[1])),
      ).toMatch(/ECONNREFUSED/);
    } finally {
      await applyTestEnv();
    }
    const recovered = await call(GET as never, PATH);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when the connection opens but the round trip fails', async () => {
    const database = await getDatabase();
    vi.spyOn(database, 'ping').mockRejectedValueOnce(
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }),
    );
    const res = await call(GET as never, PATH);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'error', code: 'SERVICE_UNAVAILABLE' });
    expect(res.text).not.toMatch(/ECONNREFUSED|10\.0\.0\.5/);
    expect((await call(GET as never, PATH)).status).toBe(200);
  });

  it('answers 405 in JSON with Allow: GET for other methods', async () => {
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { body: {} });
  });
});
