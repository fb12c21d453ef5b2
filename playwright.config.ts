import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from './scripts/chromium-flags.json';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium when it is installed (CI, these machines: Playwright cannot download its own
 * browser here), preferably its headless shell (package chromium-headless-shell): the same engine
 * without the full browser's windowing, about 40 % faster on the suite (measured: 71 tests, 78 s
 * instead of 126 s on two cores). Otherwise the browser Playwright manages, as on an ordinary laptop.
 * Two differences matter to the specs: the shell keeps the notification permission at "denied"
 * (the specs grant it through their Notification recorder), and a profile on disk with a cut quota
 * is launched in the full browser (e2e/team-sync-storage.spec.ts).
 */
const systemChromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two retries on CI: with three workers, browsers and the servers under test on two cores, a few
  // tests flake under load (the run reports them as flaky). Locally no retry: a failure shows at once.
  retries: process.env.CI ? 2 : 0,
  // Three on two cores: much of a test's time is spent waiting on a server or a timer, so a third
  // browser fills it (measured on the whole suite, 489 tests: 733 s with three workers against
  // 789–1,005 s with two, no test flaky either way).
  workers: 3,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Generous: three workers, browsers and the servers under test share two cores, and axe on a long
  // table takes 10–30 s when they are busy. Product timings are asserted with their own timeouts.
  timeout: 60_000,
  // A page's first render waits for its scripts, which a busy CI machine can hold for seconds: CI
  // gives assertions 10 s rather than 5 (a retry reruns the whole test, which costs far more).
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL,
    // Recording a trace costs about a third of the run's time (measured: 34 tests, 150 s with traces
    // kept on failure, 101 s without), so CI records one only when a test is retried.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker (ADR 0018). Blocked everywhere so that no spec is served
    // from its caches; e2e/offline-app.spec.ts allows it for its own tests.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: systemChromium,
      // The same flags as the bench scripts' (scripts/bench-support.mjs).
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile-360',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 360, height: 740 } },
      // Behaviour that does not depend on the width (texts and structure, storage rules, toasts, timings)
      // runs once, on desktop; layout (no sideways scroll), the folded menu, drag and axe run at both.
      grepInvert: /@one-width/,
      // API-level checks of the running server: no page width involved.
      testIgnore: /smoke\.spec\.ts/,
    },
  ],
  webServer: {
    // A production build against a fresh SQLite file (scripts/e2e-server.sh).
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
