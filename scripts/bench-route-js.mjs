/**
 * The JavaScript each route loads (gzip bytes as transferred, Chromium's `encodedDataLength`), on the
 * production build: a fresh browser context per route (nothing cached), signed in as the area needs,
 * measured once the page is idle (`networkidle`) without scrolling, so code loaded on demand (the
 * chart near the viewport, a dialog on click) is not counted.
 *
 * Usage: npm run bench:route-js [-- --save] [--baseline scripts/route-js-baseline.json] [--reminders-on]
 *   --save          writes the figures to the baseline file (do this only on purpose, e.g. before a change)
 *   otherwise       compares with the baseline and exits 1 when a route loads more than 10 % more.
 *   --reminders-on  desktop reminders switched on and allowed, so the member pages also load the
 *                   notifier (docs/product.md#reminders); off, they pay only for the flag check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  argValue,
  countScriptBytes,
  registerAccount,
  reportMissed,
  root,
  runBench,
} from './bench-support.mjs';

const baselineFile = path.resolve(root, argValue('--baseline') ?? 'scripts/route-js-baseline.json');
const save = process.argv.includes('--save');
const remindersOn = process.argv.includes('--reminders-on');
/** How much more JavaScript than the baseline a route may load. */
const ALLOWED_GROWTH = 0.1;

/** @type {Array<{ path: string, as: 'nobody' | 'member' | 'admin' }>} */
const ROUTES = [
  { path: '/', as: 'nobody' },
  { path: '/login', as: 'nobody' },
  { path: '/signup', as: 'nobody' },
  { path: '/forgot-password', as: 'nobody' },
  { path: '/reset-password?token=x', as: 'nobody' },
  { path: '/user/dashboard', as: 'member' },
  { path: '/user/userpage', as: 'member' },
  { path: '/user/calendar', as: 'member' },
  { path: '/user/notifications', as: 'member' },
  { path: '/user/profile', as: 'member' },
  { path: '/admin/dashboard', as: 'admin' },
  { path: '/admin/manage-users', as: 'admin' },
  { path: '/admin/manage-tasks', as: 'admin' },
  { path: '/admin/settings', as: 'admin' },
  { path: '/admin/profile', as: 'admin' },
];

/** An unsigned token of our shape: the member screens read its claims and send it nowhere. */
function memberToken() {
  const encode = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'bench', role: 'user', sv: 0, exp })}.x`;
}

await runBench(
  { port: Number(argValue('--port') ?? 3295), dataDir: 'data/bench-route-js' },
  async ({ base, browser }) => {
    const admin = await registerAccount(base, { fullName: 'Bench Admin', role: 'admin' });
    const sessions = {
      member: { token: memberToken(), email: 'bench@example.com', name: 'Bench Member' },
      admin: { token: admin.token, email: admin.email, name: admin.fullName },
    };
    /** @type {Record<string, number>} */
    const figures = {};
    for (const route of ROUTES) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (remindersOn) await context.grantPermissions(['notifications'], { origin: base });
      const page = await context.newPage();
      if (route.as !== 'nobody') {
        await page.goto(`${base}/robots.txt`);
        await page.evaluate(
          ({ session: { token, email, name }, remindersOn }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', JSON.stringify({ email }));
            localStorage.setItem('loggedInUser', JSON.stringify({ name }));
            if (remindersOn) localStorage.setItem('tasklane.reminders', JSON.stringify({ enabled: true }));
          },
          { session: sessions[route.as], remindersOn },
        );
      }
      const scriptBytes = await countScriptBytes(context, page);
      await page.goto(`${base}${route.path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      figures[route.path] = Math.round(scriptBytes() / 102.4) / 10;
      await context.close();
    }

    if (save) {
      writeFileSync(baselineFile, `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`Saved to ${path.relative(root, baselineFile)}`);
    }
    /** @type {Record<string, number>} */
    let baseline = {};
    try {
      baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
    } catch {
      console.log('No baseline to compare with.');
    }
    console.log('route                         JS on load (kB gzip)   baseline   change');
    /** @type {Array<string | false>} */
    const missed = [];
    for (const [route, kb] of Object.entries(figures)) {
      const before = baseline[route];
      const change = before ? (kb - before) / before : undefined;
      console.log(
        `${route.padEnd(30)}${kb.toFixed(1).padStart(10)}${(before?.toFixed(1) ?? '–').padStart(20)}${
          change === undefined ? '' : `${(change * 100).toFixed(1).padStart(8)} %`
        }`,
      );
      missed.push(
        change !== undefined && change > ALLOWED_GROWTH && `${route} +${(change * 100).toFixed(0)} %`,
      );
    }
    reportMissed(missed);
  },
);
