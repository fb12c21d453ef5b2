import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Accounts, tokens and the one way a test signs a page in. The e2e server (scripts/e2e-server.sh) is one
 * process on one fresh SQLite file for the whole run, shared by every test and both projects: every
 * account a test creates needs an email no other test uses.
 */

export const E2E_PASSWORD = 'e2e-password-1';

/**
 * The admin console's screens call the real admin API, so tests need a real admin. Sign-up as admin is
 * open only until the first admin exists: E2E_ADMIN is that first admin, created by whichever test asks
 * first (see getAdminToken). No other test may register an admin; tests that need a second admin promote
 * an account through the API or the UI. Its password is never changed: every test logs in with it.
 */
export const E2E_ADMIN = {
  fullName: 'Eve Admin',
  email: 'e2e-admin@example.com',
  password: E2E_PASSWORD,
} as const;

/**
 * The member of the workspace tests. The member screens (/user/*) read only the browser's storage, so
 * this member has no account: a fake token is enough there.
 */
export const MEMBER = { name: 'Mira Member', email: 'mira@example.com' } as const;

/** Lower-case on purpose: the server stores emails lower-cased, so what we type is what comes back. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token shaped like ours (the client-side area guard reads its role and expiry claims), valid for an
 * hour unless `exp` (seconds since the epoch) says otherwise. Unsigned: any API call made with it is
 * refused, so a test that lands on an admin screen with it must stub that screen's calls.
 */
export function fakeToken(role: 'user' | 'admin', claims: { exp?: number } = {}): string {
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const exp = claims.exp ?? Math.floor(Date.now() / 1000) + 3600;
  return `${header}.${encode({ sub: 'e2e', role, sv: 0, exp })}.signature`;
}

/** Registers through the API and returns the session token the server hands out. */
export async function registerViaApi(
  request: APIRequestContext,
  account: { fullName: string; email: string; password?: string; role?: 'user' | 'admin' },
): Promise<string> {
  const response = await request.post('/api/auth/register', {
    data: { password: E2E_PASSWORD, role: 'user', ...account },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
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

/** Makes sure E2E_ADMIN exists (first-admin bootstrap) and returns a fresh token for it. */
export async function getAdminToken(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { ...E2E_ADMIN, role: 'admin' } });
  // 201 the first time; afterwards 403 (admin sign-up closed) or 409 (email taken). Two workers may race.
  expect([201, 403, 409], await registered.text()).toContain(registered.status());
  return logInViaApi(request, E2E_ADMIN.email, E2E_ADMIN.password, 'admin');
}

export type Session = { token: string; email: string; name: string };

/** A member session with a fake token (see MEMBER). */
export function memberSession(member: { name: string; email: string } = MEMBER): Session {
  return { token: fakeToken('user'), ...member };
}

/** E2E_ADMIN's session with a real token (see getAdminToken). */
export function adminSession(token: string): Session {
  return { token, email: E2E_ADMIN.email, name: E2E_ADMIN.fullName };
}

/**
 * Signs `page` in: clears this origin's localStorage and writes the session keys as the app stores them
 * (`token` raw, `user` and `loggedInUser` as JSON text). Leaves the page on /robots.txt, a same-origin
 * page that runs no app code, so the test's next `goto` is the first screen the app renders.
 */
export async function signIn(page: Page, session: Session): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(({ token, email, name }) => {
    localStorage.clear();
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify({ email }));
    localStorage.setItem('loggedInUser', JSON.stringify({ name }));
  }, session);
}

/** The session keys as stored: `token` raw, `user` and `loggedInUser` as JSON text. */
export function readSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    loggedInUser: localStorage.getItem('loggedInUser'),
  }));
}

/**
 * Where the e2e server writes mail, since SMTP_URL is unset there (server/mailer.ts). E2E_DATA_DIR
 * points elsewhere when the tests run against a server started by hand with its own DATA_DIR.
 */
export const OUTBOX_FILE = path.join(
  process.env.E2E_DATA_DIR ?? path.join(__dirname, '..', 'data', 'e2e'),
  'outbox.log',
);

/** Asks for a reset link through the API and returns the token mailed to `email` (read from the outbox). */
export async function requestResetToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/forgot-password', { data: { email, role: 'user' } });
  expect(response.status(), await response.text()).toBe(200);
  let token: string | undefined;
  // The server mails in the background (its response time must not reveal whether the account exists).
  await expect
    .poll(
      async () => {
        token = await readLastResetToken(email);
        return token;
      },
      { message: `a reset link for ${email} in ${OUTBOX_FILE}` },
    )
    .toBeTruthy();
  return token!;
}

async function readLastResetToken(email: string): Promise<string | undefined> {
  let outbox: string;
  try {
    outbox = await readFile(OUTBOX_FILE, 'utf8');
  } catch {
    return undefined;
  }
  const mails = outbox.split(/^--- /m).filter((mail) => mail.includes(`To: ${email}\n`));
  const link = mails.at(-1)?.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  return link?.[1] ? decodeURIComponent(link[1]) : undefined;
}

/**
 * The `nth` confirmation link mailed to `email` (1: the first) by a server whose outbox is
 * `outboxFile` (its DATA_DIR/outbox.log), as the path to open (`/confirm-email?token=…`); waits for
 * the background mail.
 */
export async function mailedConfirmationPath(outboxFile: string, email: string, nth = 1): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        let outbox = '';
        try {
          outbox = await readFile(outboxFile, 'utf8');
        } catch {
          return undefined;
        }
        const mails = outbox.split(/^--- /m).filter((mail) => mail.includes(`To: ${email}\n`));
        // The `nth` mail to this address (a newer link replaces the older ones), once it has arrived.
        found = mails[nth - 1]?.match(/\/confirm-email\?token=[A-Za-z0-9_%-]+/)?.[0];
        return found;
      },
      { message: `a confirmation link for ${email} in ${outboxFile}` },
    )
    .toBeDefined();
  return found!;
}
