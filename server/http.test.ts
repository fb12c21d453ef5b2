import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isUniqueViolation } from './db';
import { resetEnvCache } from './env';
import { AppError } from './errors';
import { getClientIp, methodNotAllowed, readJson, withErrorHandling } from './http';

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://t.test/api', { method: 'POST', body, headers });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetEnvCache();
});

describe('withErrorHandling', () => {
  it('turns an unexpected error into a bare 500 and logs the details', async () => {
    process.env.LOG_LEVEL = 'info';
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = withErrorHandling(async () => {
      throw new Error('SQLITE_ERROR: no such column: password_hash in SELECT * FROM users');
    });
    const response = await handler(post('{}'), {});
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(text).not.toMatch(/SQLITE|SELECT|stack|at /);
    expect(logged).toHaveBeenCalledOnce();
    expect(String(logged.mock.calls[0]?.[0])).toContain('no such column');
    delete process.env.LOG_LEVEL;
  });

  it('answers an AppError with its status, message, code and headers', async () => {
    const handler = withErrorHandling(async () => {
      throw new AppError('RATE_LIMITED', 'Slow down.', { headers: { 'Retry-After': '30' } });
    });
    const response = await handler(post('{}'), {});
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({ message: 'Slow down.', code: 'RATE_LIMITED' });
  });
});

describe('readJson', () => {
  const schema = z.object({ name: z.string({ error: 'Name is required.' }) });

  it('parses and validates', async () => {
    await expect(readJson(post('{"name":"a","extra":1}'), schema)).resolves.toEqual({ name: 'a' });
  });

  it.each([
    ['{"name":', 'INVALID_JSON'],
    ['', 'INVALID_JSON'],
    ['[]', 'INVALID_JSON'],
    ['{}', 'VALIDATION_ERROR'],
  ])('rejects %j with %s', async (body, code) => {
    await expect(readJson(post(body), schema)).rejects.toMatchObject({ code, status: 400 });
  });

  it('refuses a declared or actual body over 100 kB', async () => {
    await expect(
      readJson(post('{}', { 'content-length': String(200 * 1024) }), schema),
    ).rejects.toMatchObject({
      status: 413,
    });
    await expect(readJson(post(`{"name":"${'x'.repeat(101 * 1024)}"}`), schema)).rejects.toMatchObject({
      status: 413,
    });
  });

  it('takes a larger limit when asked, and names it in the 413 message', async () => {
    const body = `{"name":"${'x'.repeat(200 * 1024)}"}`;
    await expect(readJson(post(body), schema, { maxBytes: 1024 * 1024 })).resolves.toEqual({
      name: 'x'.repeat(200 * 1024),
    });
    await expect(
      readJson(post(`{"name":"${'x'.repeat(1024 * 1024)}"}`), schema, { maxBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({ status: 413, message: 'Request body is too large (limit 1 MB).' });
    await expect(readJson(post(body), schema)).rejects.toMatchObject({
      message: 'Request body is too large (limit 100 kB).',
    });
  });

  it('reports why a record key was refused, not only that it was', async () => {
    const fields = z.object({
      fields: z.record(
        z.string().refine((key) => key !== 'id', 'id is not a field.'),
        z.number(),
      ),
    });
    await expect(readJson(post('{"fields":{"id":1}}'), fields)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'id is not a field.',
      options: { issues: [{ path: 'fields.id', message: 'id is not a field.' }] },
    });
  });
});

describe('getClientIp', () => {
  const withForwarded = (value: string) =>
    new Request('http://t.test', { headers: { 'x-forwarded-for': value } });

  it('reads the address the request hook wrote (the last entry), never X-Real-IP', () => {
    expect(getClientIp(withForwarded('10.0.0.1'))).toBe('10.0.0.1');
    expect(getClientIp(withForwarded('6.6.6.6, 10.0.0.1'))).toBe('10.0.0.1');
    expect(getClientIp(new Request('http://t.test', { headers: { 'x-real-ip': '6.6.6.6' } }))).toBe(
      'unknown',
    );
    expect(getClientIp(new Request('http://t.test'))).toBe('unknown');
  });
});

describe('methodNotAllowed', () => {
  it('answers 405 in the API error shape with an Allow header', async () => {
    const { GET } = methodNotAllowed('POST', 'PUT');
    const response = await GET();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, PUT');
    expect(await response.json()).toEqual({
      message: 'Method not allowed. Use POST, PUT.',
      code: 'METHOD_NOT_ALLOWED',
    });
  });
});

describe('isUniqueViolation', () => {
  it('recognises both drivers, also when wrapped', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });
});
