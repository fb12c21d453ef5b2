import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from './scripts/chromium-flags.json';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium when it is installed (CI, these machines: Playwright cannot download its own
 * browser here); otherwise the browser Playwright manages, as on an ordinary laptop.
 */
const systemChromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two retries on CI: with two workers, browsers and the servers under test on two cores, a few
  // tests flake under load (the run reports them as flaky). Locally no retry: a failure shows at once.
  retries: process.env.CI ? 2 : 0,
  // Two cores here; more workers only add contention with the server under test.
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Generous: two workers, browsers and the servers under test share two cores, and axe on a long
  // table takes 10–30 s when they are busy. Product timings are asserted with their own timeouts.
  timeout: 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
      // Behaviour that does not depend on the width (storage rules, toasts, timings) runs once, on desktop;
      // layout, navigation, drag and accessibility run at both widths. Keeps CI well under 20 minutes.
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
