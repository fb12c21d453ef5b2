import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { startAppServer, type AppProcess } from './process-helpers';
import { registerViaApi } from './session-helpers';

test('the app opens on the landing page with the product name', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Tasklane/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tasklane');
});

test('every response carries the security headers and no X-Powered-By', async ({ request }) => {
  for (const path of ['/', '/api/health', '/does-not-exist']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBeTruthy();
    expect(headers['permissions-policy'], path).toBeTruthy();
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
});

test('the API answers on the running server: health, sign-up and log-in', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });

  const email = `smoke-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: { fullName: 'Smoke Test', email, password: 'smoke-password', role: 'user' },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/auth/login', {
    data: { email, password: 'smoke-password', role: 'admin' },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ role: 'user', user: { email } });
});

test('a browser navigation to /admin/users lands on Manage Users, by a relative redirect', async ({
  request,
}) => {
  const response = await request.get('/admin/users', { headers: { accept: 'text/html' }, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toBe('/admin/manage-users');
});

test('the pages whose address carries a token are never cached nor sent on as a Referer', async ({
  request,
}) => {
  for (const path of [
    '/reset-password?token=abc',
    '/reminders/unsubscribe?token=abc',
    '/signup?invite=abc',
  ]) {
    const headers = (await request.get(path)).headers();
    expect(headers['cache-control'], path).toBe('no-store');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
  }
  // Other pages keep the site-wide policy.
  for (const path of ['/login', '/signup']) {
    expect((await request.get(path)).headers()['referrer-policy'], path).toBe(
      'strict-origin-when-cross-origin',
    );
  }
});

test('no Strict-Transport-Security while APP_URL is http (this server: http://127.0.0.1)', async ({
  request,
}) => {
  for (const path of ['/', '/login', '/api/health']) {
    expect((await request.get(path)).headers()['strict-transport-security'], path).toBeUndefined();
  }
});

test.describe('a production server with APP_URL https and no SMTP_URL', () => {
  let server: AppProcess;
  test.beforeAll(async () => {
    server = await startAppServer({ APP_URL: 'https://tasks.example.com', LOG_LEVEL: 'info' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('sends Strict-Transport-Security on pages and API responses', async () => {
    for (const path of ['/', '/login', '/reset-password', '/api/health']) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
  });

  test('says at start-up that no mail is sent, and logs no reset link; the outbox is 0600', async () => {
    const api = await playwrightRequest.newContext({ baseURL: server.base });
    await registerViaApi(api, { fullName: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
    const forgot = await api.post('/api/forgot-password', { data: { email: 'ada@example.com' } });
    expect(forgot.status()).toBe(200);
    await api.dispose();
    const outbox = path.join(server.dataDir, 'outbox.log');
    // The file may exist a moment before the line is in it (the mailer creates it, then appends).
    await expect
      .poll(() => (existsSync(outbox) ? readFileSync(outbox, 'utf8') : ''))
      .toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(statSync(outbox).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(server.dataDir, 'tasklane.db')).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain('SMTP_URL is unset: no email is sent.');
    expect(server.output()).toContain('Mail not sent (SMTP_URL is unset)');
    expect(server.output()).not.toContain('reset-password?token=');
  });
});

test('an unknown API path answers JSON 404, an unknown page the HTML not-found page', async ({ request }) => {
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  const page = await request.get('/does-not-exist');
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain('Page not found');
});
