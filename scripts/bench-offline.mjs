/**
 * `npm run bench:offline`: what the service worker costs and gives (docs/decisions/0018), on the
 * production build (run `npm run build` first), in Debian's Chromium when installed.
 *
 * Starts the standalone server on 127.0.0.1 (BENCH_PORT, default 3377; data/bench-offline), then per
 * run, in a fresh browser context signed in as a member:
 * - opens /user/dashboard and times the page's `load` → the worker active (its precache done), and
 *   sums the bytes the worker downloaded for it (encoded, as sent);
 * - goes offline and times navigation → the calendar's heading painted, served from the cache.
 * Prints the medians. No target: these are figures for the ADR and the report. Not part of `npm test`.
 * Usage: npm run bench:offline [-- --runs 3]
 */
import { argValue, fmt, median, runBench } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3377);
const runs = Number(argValue('--runs') ?? 3);

/** A token the guard accepts (it does not verify signatures; member pages call no API). */
function memberToken() {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'bench', role: 'user', exp })}.signature`;
}

await runBench({ port, dataDir: 'data/bench-offline' }, async ({ base, browser }) => {
  /** @type {{ installMs: number, bytes: number, files: number, offlineMs: number }[]} */
  const results = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' });
    /** @type {Promise<number>[]} */
    const workerBytes = [];
    context.on('requestfinished', (request) => {
      if (request.serviceWorker()) workerBytes.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    const page = await context.newPage();
    await page.goto('/robots.txt');
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify({ email: 'bench@example.com' }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Bench' }));
    }, memberToken());
    await page.goto('/user/dashboard', { waitUntil: 'load' });
    const installMs = await page.evaluate(async () => {
      const loaded = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;
      await navigator.serviceWorker.ready;
      return performance.now() - loaded;
    });
    const bytes = (await Promise.all(workerBytes)).reduce((sum, size) => sum + Math.max(size, 0), 0);

    await context.setOffline(true);
    const started = Date.now();
    await page.goto('/user/calendar');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const offlineMs = Date.now() - started;
    results.push({ installMs, bytes, files: workerBytes.length, offlineMs });
    await context.close();
  }
  const kB = (value) => `${(value / 1024).toFixed(0)} kB`;
  console.log(`runs: ${runs}`);
  console.log(`load → worker active (precache done): median ${fmt(median(results.map((r) => r.installMs)))}`);
  console.log(
    `downloaded by the worker: median ${kB(median(results.map((r) => r.bytes)))} in ${results[0]?.files} requests`,
  );
  console.log(
    `offline navigation → calendar heading painted: median ${fmt(median(results.map((r) => r.offlineMs)))}`,
  );
});
