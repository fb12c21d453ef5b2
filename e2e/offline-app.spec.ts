import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, readStoredJson, type StoredTask } from './page-helpers';

/**
 * The installable app and offline use (docs/product.md#installable-app-and-offline-use): the web
 * app manifest, the service worker (allowed here; playwright.config.ts blocks it for every other
 * spec), the member area with no network after one visit, the update prompt, and what the screens
 * that need the server say while offline.
 */
test.use({ serviceWorkers: 'allow' });
// One at a time: the update test changes the worker the server sends, which the others must not see.
test.describe.configure({ mode: 'default' });

const UPDATE_TEXT = 'A new version of Tasklane is available.';

/** Waits until this page's service worker is active (its install, the precache, has finished). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration) return 'not registered';
          return registration.active ? 'active' : `installing: ${registration.installing?.state ?? 'none'}`;
        }),
      { timeout: 30_000 },
    )
    .toBe('active');
}

/** The build id the served worker carries (in its cache names). */
async function servedBuildId(request: APIRequestContext): Promise<{ body: string; buildId: string }> {
  const body = await (await request.get('/sw.js')).text();
  const buildId = /"buildId": "([^"]+)"/.exec(body)?.[1];
  if (!buildId) throw new Error('sw.js carries no build id');
  return { body, buildId };
}

/**
 * The worker file the e2e server sends (scripts/e2e-server.sh serves this checkout's build).
 * Playwright cannot route the browser's own fetch of a worker script, so the update test changes
 * the file itself, as a deployment would, and puts it back afterwards.
 */
const SERVED_WORKER = path.join(__dirname, '..', '.next', 'standalone', 'public', 'sw.js');

function replaceServedWorker(body: string): void {
  writeFileSync(`${SERVED_WORKER}.tmp`, body);
  renameSync(`${SERVED_WORKER}.tmp`, SERVED_WORKER);
}

/** The build's own worker while a test has swapped it; put back after the test, even one timed out. */
let swappedFrom: string | null = null;
test.afterEach(() => {
  if (swappedFrom === null) return;
  replaceServedWorker(swappedFrom);
  swappedFrom = null;
});

function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test(
  'serves a valid web app manifest whose icons load, linked from every kind of page',
  { tag: '@one-width' },
  async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Tasklane',
      short_name: 'Tasklane',
      start_url: '/user/dashboard',
      display: 'standalone',
      theme_color: '#2552e6',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height });
    }

    // The static landing page (Pages Router) and an App Router page both link it.
    for (const path of ['/', '/login', '/user/dashboard']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    }

    // The worker: always revalidated, allowed to control the whole site.
    const worker = await request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['service-worker-allowed']).toBe('/');
    expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
  },
);

test(
  'after one visit the member area opens and works with no network, and what is added offline stays',
  { tag: '@one-width' },
  async ({ memberPage: page, context }) => {
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await waitForServiceWorker(page);
    // The first install has nothing to replace: no update prompt.
    await expect(page.getByRole('status').filter({ hasText: UPDATE_TEXT })).toHaveCount(0);

    await goOffline(context, page);

    await page.goto('/user/calendar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('📅 Task & Deadline Calendar');
    // FullCalendar is loaded on demand: its chunk came from the cache too.
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toBeVisible();

    await page.goto('/user/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('📢 Notifications');

    await page.goto('/user/userpage');
    const form = page.getByRole('form', { name: 'Create a New Task' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Written offline');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('No network at all');
    await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill('2099-01-01');
    await form.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added successfully!')).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('main').getByRole('article', { name: 'Written offline', exact: true }),
    ).toBeVisible();
    const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
    expect(stored?.map((task) => task.title)).toEqual(['Written offline']);

    // A sidebar link (a client-side navigation, whose data request fails offline) still opens the page.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('region', { name: /^To Do\b/ }).getByText('Written offline')).toBeVisible();

    // The landing page, plain HTML and its script, opens offline too.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Tasklane');

    await context.setOffline(false);
  },
);

/** The update test's pages: an App Router page, and the landing page (plain HTML and landing.js). */
const UPDATED_PAGES = [
  { path: '/user/dashboard', heading: 'Dashboard' },
  { path: '/', heading: 'Welcome to Tasklane' },
] as const;

for (const { path: pagePath, heading } of UPDATED_PAGES) {
  test(
    `${pagePath}: a new version waits for Reload, then runs alone (new caches, the old ones gone, no errors)`,
    { tag: '@one-width' },
    async ({ memberPage: page, request }) => {
      const { body, buildId } = await servedBuildId(request);
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await waitForServiceWorker(page);
      expect(await cacheNames(page)).toEqual(
        expect.arrayContaining([`tasklane-static-${buildId}`, `tasklane-pages-${buildId}`]),
      );

      // The next deployment: the same files under another build id, so the worker's bytes differ.
      const nextId = `${buildId}-next`;
      expect(readFileSync(SERVED_WORKER, 'utf8')).toBe(body);
      swappedFrom = body;
      replaceServedWorker(body.replaceAll(buildId, nextId));
      await checkUpdate(page, heading, buildId, nextId);
    },
  );
}

/** Continues the update test once the server sends the worker of build `nextId`. */
async function checkUpdate(page: Page, heading: string, oldId: string, nextId: string): Promise<void> {
  // A navigation makes the browser look for a new worker.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const prompt = page.getByRole('status').filter({ hasText: UPDATE_TEXT });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  // The new version is installed (its files cached) and waits; the old one serves until Reload.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
  ).toBe('installed');
  expect(await cacheNames(page)).toContain(`tasklane-static-${nextId}`);

  // An ordinary reload does not switch versions: the old worker still serves (its pages cache,
  // which the new one deletes when it takes over, is still there) and the prompt comes back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  expect(await cacheNames(page)).toContain(`tasklane-pages-${oldId}`);
  expect(await findAxeViolations(page)).toEqual([]);

  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('status').filter({ hasText: UPDATE_TEXT })).toHaveCount(0);

  // The new version's caches are in place; the old version's pages went at once and its files
  // once no open page ran them any more.
  await expect
    .poll(async () => (await cacheNames(page)).sort())
    .toEqual(['tasklane-builds', `tasklane-pages-${nextId}`, `tasklane-static-${nextId}`]);
  // The list of installed builds forgets the old one once its caches are gone.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const listed = await (await caches.open('tasklane-builds')).match('/__tasklane/builds');
        return listed?.json() as Promise<string[]>;
      }),
    )
    .toEqual([nextId]);
}

test(
  'the account screens and the user list say that they need a connection while offline',
  { tag: '@one-width' },
  async ({ page, context }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    const offlineLogin = page.getByText('You are offline. Logging in needs a connection.');
    await expect(offlineLogin).toHaveCount(0);

    await goOffline(context, page);
    await expect(offlineLogin).toBeVisible();

    // Opened with no network at all: the page comes from the worker's cache and says so at once.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
    await expect(offlineLogin).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Login' }).click();
    // The error catalogue's own text stays as it is, beside the offline line.
    await expect(page.getByText('Server error, please try again.')).toBeVisible();
    await expect(offlineLogin).toBeVisible();

    await page.goto('/signup');
    await expect(page.getByText('You are offline. Signing up needs a connection.')).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByText('You are offline. Sending a reset link needs a connection.')).toBeVisible();
    await page.goto('/reset-password?token=abc');
    await expect(page.getByText('You are offline. Setting a new password needs a connection.')).toBeVisible();

    await context.setOffline(false);
    await page.goto('/login');
    await expect(offlineLogin).toHaveCount(0);
  },
);

test(
  'Manage Users says that the user list and the invitations need a connection while offline',
  { tag: '@one-width' },
  async ({ adminPage: page, context }) => {
    await page.goto('/admin/manage-users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
    // The screen has loaded everything it loads (the user list; the invitations block, its own chunk
    // and its list; the service worker's precache) before the network goes: a request still under way
    // would fail and log an error, which is not what this test is about.
    await expect(page.getByRole('table', { name: 'Manage Users' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open invitations' })).toBeVisible();
    await expect(page.getByText('Loading invitations…')).toHaveCount(0);
    await waitForServiceWorker(page);
    const offline = page.getByText('You are offline. Loading and changing users needs a connection.');
    const invitationsOffline = page.getByText(
      'You are offline. Loading and creating invitations needs a connection.',
    );
    await expect(offline).toHaveCount(0);
    await expect(invitationsOffline).toHaveCount(0);
    await goOffline(context, page);
    await expect(offline).toBeVisible();
    await expect(invitationsOffline).toBeVisible();
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await expect(invitationsOffline).toHaveCount(0);
  },
);
