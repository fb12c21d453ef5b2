/**
 * What the `npm run bench:*` scripts share: command-line flags, the production server they measure
 * (scripts/e2e-server.sh on a fresh SQLite database), the browser to use and its flags (the same as
 * the e2e tests'), the run of one bench, and small statistics.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };

/** Chromium's command-line flags for the benches and the e2e tests (playwright.config.ts). */
export const CHROMIUM_FLAGS = chromiumFlags;

export const root = path.resolve(import.meta.dirname, '..');

/** The value after `--name` on the command line, or undefined. */
export function argValue(/** @type {string} */ name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Debian's Chromium when installed (`override`, e.g. CHROMIUM_PATH, wins); otherwise the launcher's own. */
export function systemChromium(/** @type {string | undefined} */ override) {
  return override ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

/**
 * Runs `bash <args>` from the repository root with `env` (a script that starts the production build:
 * run `npm run build` first) and waits until `base`/api/health answers. Returns a `stop` function.
 */
export async function spawnServer(
  /** @type {string[]} */ args,
  /** @type {NodeJS.ProcessEnv} */ env,
  /** @type {string} */ base,
) {
  if (!existsSync(path.join(root, '.next/standalone/server.js')))
    throw new Error('Run `npm run build` first.');
  const server = spawn('bash', args, { cwd: root, stdio: 'ignore', env });
  const stop = () => server.kill('SIGTERM');
  try {
    await waitForServer(`${base}/api/health`);
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

/**
 * Starts the production build on 127.0.0.1:`port` with its own data folder (the end-to-end tests'
 * server) and waits until /api/health answers. Returns the base URL and a `stop` function.
 */
export async function startServer(/** @type {{ port: number, dataDir: string }} */ { port, dataDir }) {
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, E2E_DATA_DIR: dataDir };
  const stop = await spawnServer(['scripts/e2e-server.sh', String(port)], env, base);
  return { base, stop };
}

/**
 * One bench: starts the server (`startServer`) and Chromium, runs `measure` with both, then closes
 * them. A failure is printed and sets exit code 1.
 * @param {{ port: number, dataDir: string }} server
 * @param {(bench: { base: string, browser: import('@playwright/test').Browser }) => Promise<void>} measure
 */
export async function runBench(server, measure) {
  try {
    const { base, stop } = await startServer(server);
    /** @type {import('@playwright/test').Browser | undefined} */
    let browser;
    try {
      browser = await chromium.launch({
        executablePath: systemChromium(process.env.CHROMIUM_PATH),
        args: CHROMIUM_FLAGS,
      });
      await measure({ base, browser });
    } finally {
      await browser?.close();
      stop();
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}

/**
 * Counts the JavaScript `page` downloads from now on (bytes as transferred, so gzip, Chromium's
 * `encodedDataLength`). Returns a function that reads the running total.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<() => number>}
 */
export async function countScriptBytes(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, string>} */
  const types = new Map();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    if (types.get(event.requestId) === 'Script') bytes += event.encodedDataLength;
  });
  return () => bytes;
}

/** Prints the targets missed (the names among `checks`; `false` is a target met), exit code 1 if any. */
export function reportMissed(/** @type {Array<string | false>} */ checks) {
  const missed = checks.filter(Boolean);
  if (missed.length === 0) return;
  console.log(`Missed: ${missed.join(', ')}`);
  process.exitCode = 1;
}

/** Waits until `url` answers 200 (a server starting), up to a minute. */
export async function waitForServer(/** @type {string} */ url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start at ${url}`);
}

/**
 * The environment of a production server with team sync on, for the sync benches
 * (scripts/start.sh): a fast password hash and no rate limit in the way; `extra` adds to it.
 * @param {{ port: number, dataDir: string, databaseUrl: string, extra?: Record<string, string> }} options
 */
export function syncServerEnv({ port, dataDir, databaseUrl, extra = {} }) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    TEAM_SYNC: 'on',
    // The benches sign their accounts up through the open API (unset, sign-up is invitation only
    // once an admin exists: ADR 0041).
    SIGNUP_MODE: 'open',
    AUTH_SECRET: 'bench-sync-secret-0123456789abcdefghijklmnop',
    BCRYPT_COST: '4',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_SYNC_MAX: '1000000',
    // Uploads of 5,000 tasks at full speed: the per-account byte budget would pace them (2 MB/min).
    SYNC_PUSH_BYTES_PER_MINUTE: String(1024 ** 3),
    // Every stream of a bench comes from this one address, many per user: the caps would refuse them.
    RATE_LIMIT_SYNC_STREAM_MAX: '1000000',
    SYNC_STREAM_MAX_PER_USER: '100000',
    SYNC_STREAM_MAX_PER_ADDRESS: '100000',
    SYNC_STREAM_MAX_PER_INSTANCE: '100000',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...extra,
  };
}

/**
 * A sync operation that creates a new task (new uid) with `values`, every field stamped `hlc`.
 * @param {Record<string, unknown>} values
 * @param {string} hlc
 */
export function newTaskUpsert(values, hlc) {
  return {
    opId: randomUUID(),
    uid: randomUUID(),
    baseV: 0,
    kind: 'upsert',
    fields: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value, hlc }])),
  };
}

/** The password of every account the benches sign up. */
const BENCH_PASSWORD = 'bench-password-1';

/**
 * Signs up `fullName` on the server at `base` through POST /api/auth/register (email derived from
 * `email`, or a random one) and returns the account with its id and token.
 * @param {string} base
 * @param {{ fullName: string, role?: 'user' | 'admin', email?: string }} account
 */
export async function registerAccount(base, { fullName, role = 'user', email }) {
  const address = email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName, email: address, password: BENCH_PASSWORD, role }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const { token } = /** @type {{ token: string }} */ (await response.json());
  // The user id is the token's subject: tasks given to someone else are assigned by id.
  const id = /** @type {{ sub: string }} */ (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
  ).sub;
  return { id, fullName, email: address, role, token };
}

export const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
export const worst = (/** @type {number[]} */ values) => Math.max(...values);
export const fmt = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
