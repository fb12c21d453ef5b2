import { expect, test } from './fixtures';

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

test('a browser navigation to /admin/users lands on Manage Users', async ({ request }) => {
  const response = await request.get('/admin/users', { headers: { accept: 'text/html' }, maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toMatch(/\/admin\/manage-users$/);
});

test('an unknown API path answers JSON 404, an unknown page the HTML not-found page', async ({ request }) => {
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  const page = await request.get('/does-not-exist');
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain('Page not found');
});
