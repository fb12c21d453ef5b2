import { describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { GET, POST } from './route';

describe('unknown /api paths', () => {
  it('answer 404 in JSON', async () => {
    for (const [handler, method] of [
      [GET, 'GET'],
      [POST, 'POST'],
    ] as const) {
      const res = await call(handler, '/api/nope/deeper', {
        method,
        body: method === 'POST' ? {} : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No API endpoint at /api/nope/deeper.', code: 'NOT_FOUND' });
    }
  });
});
