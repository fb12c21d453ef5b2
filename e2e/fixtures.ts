import { expect, test as base, type Page } from '@playwright/test';
import { startAppServer, type AppProcess } from './process-helpers';
import { MEMBER, adminSession, getAdminToken, memberSession, signIn } from './session-helpers';

/**
 * The test and expect of every spec. Fixtures are set up only for the tests that ask for them:
 * `memberPage` and `adminPage` are `page`, signed in (on /robots.txt, so the test's first `goto` is the
 * first screen the app renders); `adminToken` is a real token of E2E_ADMIN; `consoleErrors` is what the
 * browser logged as an error, which fails the test unless the test said it expects it. `teamServer`
 * is a production server with TEAM_SYNC=on, one per worker.
 */

export type ConsoleErrors = {
  /** Every console.error text and uncaught exception of the pages in this test's context, in order. */
  readonly messages: readonly string[];
  /** Says the test expects errors containing `text` (or matching it); any other error fails the test. */
  allow(text: string | RegExp): void;
};

type Options = {
  /** Who `memberPage` is signed in as. */
  member: { name: string; email: string };
};

type Fixtures = {
  consoleErrors: ConsoleErrors;
  /** `page`, signed in as `member` with a fake token (the member screens send it nowhere). */
  memberPage: Page;
  /** A fresh token of E2E_ADMIN, who is created on first use (first-admin bootstrap). */
  adminToken: string;
  /** `page`, signed in as E2E_ADMIN with `adminToken`. */
  adminPage: Page;
};

/**
 * Chromium logs every 4xx/5xx answer and failed request as "Failed to load resource: …". Tests of error
 * states cause those on purpose and check what the page shows instead, so they are not counted.
 */
const NETWORK_LOG = /^Failed to load resource: /;

type WorkerFixtures = {
  /**
   * A production server with TEAM_SYNC=on on a fresh SQLite file (`npm start`, e2e/process-helpers.ts),
   * started once per worker and shared by the team-mode specs that need no environment of their own:
   * its start-up and first page loads are paid once, not once per spec. Every spec registers accounts
   * of its own there (emails no other test uses, names no other spec on it uses) and looks only at
   * what those accounts see. A spec that needs its own environment, kills its server, registers an
   * admin (sign-up as admin closes after the first) or reads what the whole server holds (an admin's
   * lists and figures) starts its own with startAppServer.
   */
  teamServer: AppProcess;
};

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  teamServer: [
    async ({}, provide) => {
      const server = await startAppServer({ TEAM_SYNC: 'on' });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  member: [MEMBER, { option: true }],

  consoleErrors: async ({ context }, provide, testInfo) => {
    const messages: string[] = [];
    const allowed: (string | RegExp)[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && !NETWORK_LOG.test(message.text())) messages.push(message.text());
    });
    context.on('weberror', (webError) => messages.push(`Uncaught ${String(webError.error())}`));
    await provide({
      messages,
      allow: (text) => allowed.push(text),
    });
    const isAllowed = (message: string) =>
      allowed.some((text) => (typeof text === 'string' ? message.includes(text) : text.test(message)));
    // A test that failed already says why; the log would only add noise.
    if (testInfo.status === testInfo.expectedStatus) {
      expect(
        messages.filter((message) => !isAllowed(message)),
        'errors logged by the page (a test that expects one says so with consoleErrors.allow)',
      ).toEqual([]);
    }
  },

  // Every test that uses a page has its errors checked.
  page: async ({ page, consoleErrors }, provide) => {
    void consoleErrors;
    await provide(page);
  },

  memberPage: async ({ page, member }, provide) => {
    await signIn(page, memberSession(member));
    await provide(page);
  },

  adminToken: async ({ request }, provide) => {
    await provide(await getAdminToken(request));
  },

  adminPage: async ({ page, adminToken }, provide) => {
    await signIn(page, adminSession(adminToken));
    await provide(page);
  },
});

export { expect };
