/**
 * When a member or admin page cannot finish loading, and `npm run dev` opened at 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { freePort } from './process-helpers';

const SLOW_NOTICE = 'This page is taking longer than expected to load.';
const SCRIPTS = /\/_next\/static\/chunks\/.*\.js$/;

test.describe('a page whose scripts never arrive', { tag: '@one-width' }, () => {
  for (const area of ['/user/dashboard', '/admin/dashboard']) {
    test(`${area} says so and offers a reload instead of spinning forever`, async ({ page }) => {
      // Scripts only: the stylesheet still loads, as it does when the dev server refuses its scripts.
      await page.route(SCRIPTS, (route) => route.abort());
      await page.goto(area);
      const notice = page.getByText(SLOW_NOTICE);
      await expect(page.getByRole('status')).toContainText('Checking your session…');
      // Not at once: a page that loads normally never shows it.
      await expect(notice).toBeHidden();
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Check your connection, then try again.')).toBeVisible();
      const retry = page.getByRole('link', { name: 'Retry' });
      await expect(retry).toHaveAttribute('href', area);

      // Scripts load again: Retry reloads, and the guard runs (no session here, so to the login screen).
      await page.unroute(SCRIPTS);
      await retry.click();
      await expect(page).toHaveURL(/\/login/);
      await expect(
        page.getByRole('heading', { name: area.startsWith('/admin') ? 'Admin Login' : 'User Login' }),
      ).toBeVisible();
    });
  }
});

test.describe('npm run dev @one-width', () => {
  test('serves its dev resources to a page opened at 127.0.0.1 and counts the real client address', async () => {
    test.setTimeout(180_000);
    const root = path.resolve(__dirname, '..');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-dev-'));
    let log = '';
    const child = spawn('npm', ['run', 'dev', '--silent'], {
      cwd: root,
      detached: true,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        PORT: String(port),
        // Next.js builds dev output in .next/dev, apart from the production build under test.
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_MAX_FAILURES: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await expect
        .poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status, {
          timeout: 150_000,
        })
        .toBe(200);

      // What a browser at http://127.0.0.1:<port> sends for a script of the page: Next.js's dev server
      // refuses (403) such requests from hosts it does not know, and the page then never hydrates.
      const asset = await fetch(`${base}/_next/static/chunks/not-there.js`, {
        headers: {
          origin: base,
          referer: `${base}/user/dashboard`,
          'sec-fetch-mode': 'no-cors',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(asset.status, log).not.toBe(403);

      // The client-address hook is loaded in development too: forged addresses do not reset the count.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: 'dev@example.com', password: `wrong-${i}`, role: 'user' }),
        });
        statuses.push(response.status);
      }
      expect(statuses, log).toEqual([401, 401, 429]);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
