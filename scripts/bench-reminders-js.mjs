/**
 * npm run bench:reminders-js [-- --url http://127.0.0.1:<port>] [--port <port>]
 *
 * The JavaScript each member page downloads (bytes on the wire, as served: gzip), with desktop
 * reminders off (what every member pays for the always-loaded flag check) and on (the notifier,
 * loaded on demand), plus the Notifications page with its Reminders section. Run it against this
 * build and against an older one (`--url` of a server already running) to compare; the member pages
 * read only the browser's storage, so a fake session is enough and no account is created.
 */
import { chromium } from '@playwright/test';
import { argValue, CHROMIUM_FLAGS, runBench, systemChromium } from './bench-support.mjs';

const PAGES = ['/user/dashboard', '/user/userpage', '/user/calendar', '/user/notifications', '/user/profile'];
const RUNS = 3;

const encode = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Shaped like a session token for the client-side guard (it reads role and expiry only). */
const fakeToken = () =>
  `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'bench', role: 'user', sv: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

/** Bytes of scripts a fresh profile downloads to show `path` until the network is idle. */
async function scriptBytes(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ base,
  /** @type {string} */ path,
  /** @type {boolean} */ remindersOn,
) {
  const context = await browser.newContext({ baseURL: base });
  if (remindersOn) await context.grantPermissions(['notifications'], { origin: base });
  await context.addInitScript(
    ({ token, on }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify({ email: 'bench@example.com' }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Bench Member' }));
      localStorage.setItem('tasklane.reminders', JSON.stringify({ enabled: on }));
    },
    { token: fakeToken(), on: remindersOn },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, string>} */
  const types = new Map();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    if (types.get(event.requestId) === 'Script') bytes += event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Late chunks (the dashboard chart loads once it is about to be seen) are counted too.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  await context.close();
  return bytes;
}

async function measure(
  /** @type {{ base: string, browser: import('@playwright/test').Browser }} */ { base, browser },
) {
  console.log(`JavaScript per member page at ${base} (median of ${RUNS}, kB as transferred)`);
  console.log('page'.padEnd(22), 'reminders off'.padStart(14), 'reminders on'.padStart(14));
  for (const path of PAGES) {
    const row = [];
    for (const on of [false, true]) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await scriptBytes(browser, base, path, on));
      runs.sort((a, b) => a - b);
      row.push(((runs[Math.floor(RUNS / 2)] ?? NaN) / 1000).toFixed(1));
    }
    console.log(path.padEnd(22), row[0]?.padStart(14), row[1]?.padStart(14));
  }
}

const url = argValue('--url');
if (url) {
  const browser = await chromium.launch({
    executablePath: systemChromium(process.env.CHROMIUM_PATH),
    args: CHROMIUM_FLAGS,
  });
  try {
    await measure({ base: url, browser });
  } finally {
    await browser.close();
  }
} else {
  await runBench({ port: Number(argValue('--port') ?? 3343), dataDir: 'data/bench-reminders' }, measure);
}
