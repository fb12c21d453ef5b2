import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type Request, type Route } from '@playwright/test';

/**
 * Helpers shared by the e2e specs. The e2e server (scripts/e2e-server.sh) is one process on one fresh
 * SQLite file for the whole run, shared by every test and both projects: every account a test creates
 * needs an email no other test uses.
 */

/**
 * Where the e2e server writes mail, since SMTP_URL is unset there (lib/server/mailer.ts). E2E_DATA_DIR
 * points elsewhere when the tests run against a server started by hand with its own DATA_DIR.
 */
export const OUTBOX_FILE = path.join(
  process.env.E2E_DATA_DIR ?? path.join(__dirname, '..', 'data', 'e2e'),
  'outbox.log',
);

export const E2E_PASSWORD = 'e2e-password-1';

/** Lower-case on purpose: the server stores emails lower-cased, so what we type is what comes back. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token shaped like ours (the client-side area guard reads its role claim). Unsigned: any API call
 * made with it is refused, so tests that land on a dashboard with it must stub that dashboard's calls.
 */
export function fakeToken(role: 'user' | 'admin'): string {
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ sub: 'e2e', role, exp: Math.floor(Date.now() / 1000) + 3600 });
  return `${header}.${payload}.signature`;
}

export async function registerViaApi(
  request: APIRequestContext,
  account: { fullName: string; email: string; password?: string; role?: 'user' | 'admin' },
): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { password: E2E_PASSWORD, role: 'user', ...account },
  });
  expect(response.status(), await response.text()).toBe(201);
}

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

/** Counts the browser's requests to one API path (any method), to prove a form did or did not call it. */
export function countRequests(
  page: Page,
  pathname: string,
): { readonly count: number; readonly last?: Request } {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return {
    get count() {
      return seen.length;
    },
    get last() {
      return seen.at(-1);
    },
  };
}

/**
 * Holds every request to `pathname` until `release()` is called, then lets `answer` handle it (default:
 * pass it on to the server). Lets a test look at the busy state of a form that is waiting.
 */
export async function holdRequests(
  page: Page,
  pathname: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await released;
      await answer(route);
    },
  );
  return { release };
}

/** Answers every request to `pathname` with `status` and, when given, a JSON body. */
export async function stubApi(page: Page, pathname: string, status: number, body?: unknown): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) =>
      body === undefined
        ? route.fulfill({ status, body: '' })
        : route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/** Makes every request to `pathname` fail as if the network were down. */
export async function failApi(page: Page, pathname: string): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) => route.abort('internetdisconnected'),
  );
}

/** Every alert/confirm/prompt message the page shows from now on, each dismissed at once. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

/** The session keys as stored (spec §3): `token` raw, `user` and `loggedInUser` as JSON text. */
export function readSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    loggedInUser: localStorage.getItem('loggedInUser'),
  }));
}

/**
 * axe-core's violations on the page as it is now (all default rules, WCAG 2.x A and AA included),
 * summarised so that a failure shows the rule, the elements and axe's reason (e.g. the contrast found).
 */
export async function findAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      text: node.html.replace(/<[^>]*>/g, '').slice(0, 60),
      why: node.any.map((check) => check.message),
    })),
  }));
}
