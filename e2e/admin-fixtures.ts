import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './fixtures';

/**
 * Helpers for the admin console (/admin/*). Its screens call the real admin API, so tests need a real
 * admin. The e2e server is one database for the whole run, and sign-up as admin is open only until the
 * first admin exists: E2E_ADMIN is that first admin, created by whichever test asks first. No other test
 * may register an admin; tests that need a second admin promote an account through the API or the UI.
 */
export const E2E_ADMIN = {
  fullName: 'Eve Admin',
  email: 'e2e-admin@example.com',
  password: E2E_PASSWORD,
} as const;

/** Makes sure E2E_ADMIN exists (first-admin bootstrap) and returns a fresh token for it. */
export async function getAdminToken(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { ...E2E_ADMIN, role: 'admin' } });
  // 201 the first time; afterwards 403 (admin sign-up closed) or 409 (email taken). Two workers may race.
  expect([201, 403, 409], await registered.text()).toContain(registered.status());
  return logInViaApi(request, E2E_ADMIN.email, E2E_ADMIN.password, 'admin');
}

/** Logs in through the API and returns the token; fails the test unless the server's role is `expectRole`. */
export async function logInViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
  expectRole: 'user' | 'admin',
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password, role: expectRole } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; role: string };
  expect(body.role).toBe(expectRole);
  return body.token;
}

/** Writes an admin session (spec §3 keys) into this origin's localStorage. Navigates to /robots.txt. */
export async function seedAdminSession(
  page: Page,
  token: string,
  options: { email?: string; name?: string; json?: Record<string, unknown> } = {},
): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ token, email, name, json }) => {
      localStorage.clear();
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify({ email }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name }));
      for (const [key, value] of Object.entries(json)) localStorage.setItem(key, JSON.stringify(value));
    },
    {
      token,
      email: options.email ?? E2E_ADMIN.email,
      name: options.name ?? E2E_ADMIN.fullName,
      json: options.json ?? {},
    },
  );
}

/** Signs in as E2E_ADMIN (real token) with the given stored data and opens `path`. */
export async function openAsAdmin(
  page: Page,
  request: APIRequestContext,
  path: string,
  options: { json?: Record<string, unknown> } = {},
): Promise<string> {
  const token = await getAdminToken(request);
  await seedAdminSession(page, token, options);
  await page.goto(path);
  return token;
}
