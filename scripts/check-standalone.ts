/**
 * What the Docker image runs, checked without Docker: the standalone server
 * (`node .next/standalone/server.js`) against PostgreSQL, migrating on start. Checks that
 * production refuses to start without AUTH_SECRET, then /api/health, the security headers, a
 * register → login → admin list round trip, and that forged client addresses do not escape the
 * login limit, and the bundled command line (`./tasklane admin …`, as `docker compose exec app
 * tasklane admin …` runs it) on the same database. Needs `npm run build` and a PostgreSQL server
 * (CHECK_DATABASE_URL, or TEST_DATABASE_URL's server with a database of its own).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.CHECK_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const secret = 'standalone-check-secret-0123456789abcdefghijkl';

class CheckFailed extends Error {}

/** Throws, so that `finally` blocks still stop the servers this script started. */
function fail(message: string): never {
  throw new CheckFailed(message);
}

function ok(message: string): void {
  console.log(`✓ ${message}`);
}

async function prepareDatabase(): Promise<string> {
  if (process.env.CHECK_DATABASE_URL) return process.env.CHECK_DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) fail('Set CHECK_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server).');
  const name = 'tasklane_standalone_check';
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

function startServer(env: Record<string, string | undefined>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['.next/standalone/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function waitForHealth(timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail(`/api/health did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function postJson(
  pathname: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `.next/standalone/tasklane <args>`, the image's command line, with `env` and `stdin`. */
function tasklane(args: string[], env: Record<string, string>, stdin = '') {
  const result = spawnSync(path.join(root, '.next/standalone/tasklane'), args, {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    input: stdin,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The admin command line, bundled: it lists the server's accounts and creates an admin who can log in. */
async function checkCommandLine(env: Record<string, string>, serverAdmin: string): Promise<void> {
  const listed = tasklane(['admin', 'list-users', '--json'], env);
  const users =
    listed.status === 0 ? (JSON.parse(listed.stdout) as Array<{ email: string; role: string }>) : [];
  if (!users.some((user) => user.email === serverAdmin && user.role === 'admin')) {
    fail(`tasklane admin list-users --json: ${listed.status} ${listed.stdout} ${listed.stderr}`);
  }
  const email = `cli-${Date.now()}@example.com`;
  const created = tasklane(
    ['admin', 'create-admin', '--email', email, '--name', 'Command Line Admin', '--password-stdin'],
    env,
    'command-line-password\n',
  );
  if (created.status !== 0 || !created.stdout.startsWith(`Created the administrator ${email}`)) {
    fail(`tasklane admin create-admin: ${created.status} ${created.stdout} ${created.stderr}`);
  }
  const login = await postJson('/api/auth/login', { email, password: 'command-line-password' });
  if (login.status !== 200 || login.body.role !== 'admin')
    fail(`login as the CLI's admin: ${JSON.stringify(login)}`);
  const table = tasklane(['admin', 'list-users'], env);
  if (table.status !== 0 || !table.stdout.startsWith('EMAIL ') || !table.stdout.includes(email)) {
    fail(`tasklane admin list-users: ${table.status} ${table.stdout} ${table.stderr}`);
  }
  const usage = tasklane(['admin'], env);
  if (usage.status !== 2 || !usage.stderr.startsWith('Usage: npm run admin')) {
    fail(`tasklane admin with no command: ${usage.status} ${usage.stderr}`);
  }
  ok(
    `tasklane admin list-users / create-admin (who then logs in) on PostgreSQL; ${users.length + 1} accounts listed`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, '.next/standalone/server.js')))
    fail('No standalone build: run `npm run build` first.');
  const databaseUrl = await prepareDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-standalone-'));
  const env = {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_URL: base,
  };

  // 1. Production without AUTH_SECRET stops with one line naming the variable.
  const refused = startServer(env);
  const code = await waitForExit(refused.child, 20_000);
  if (code === null) {
    refused.child.kill('SIGKILL');
    fail('the server started without AUTH_SECRET');
  }
  if (code === 0 || !/AUTH_SECRET/.test(refused.output())) {
    fail(`expected a non-zero exit naming AUTH_SECRET, got ${code}: ${refused.output()}`);
  }
  ok(`refuses to start without AUTH_SECRET (exit ${code}): ${refused.output().trim().split('\n').at(-1)}`);

  // 2. The real start: migrations applied to an empty PostgreSQL database.
  const server = startServer({ ...env, AUTH_SECRET: secret, RATE_LIMIT_LOGIN_MAX_FAILURES: '3' });
  try {
    const started = Date.now();
    const health = await waitForHealth(30_000);
    const body = await health.json();
    if (JSON.stringify(body) !== '{"status":"ok"}') fail(`/api/health body ${JSON.stringify(body)}`);
    ok(`/api/health 200 ${JSON.stringify(body)} after ${Date.now() - started} ms (migrations applied)`);

    const home = await fetch(`${base}/`);
    const csp = home.headers.get('content-security-policy') ?? '';
    if (home.status !== 200) fail(`GET / answered ${home.status}`);
    if (!csp.includes("frame-ancestors 'none'") || csp.includes('unsafe-eval')) fail(`CSP: ${csp}`);
    if (home.headers.get('x-content-type-options') !== 'nosniff') fail('X-Content-Type-Options missing');
    if (home.headers.get('x-powered-by')) fail('X-Powered-By is present');
    // `/` ships only CSS (it has no framework JavaScript); an App Router page has the JS chunks.
    const stylesheet = (await home.text()).match(/\/_next\/static\/[^"']+\.css/)?.[0];
    const loginHtml = await (await fetch(`${base}/login`)).text();
    const script = loginHtml.match(/\/_next\/static\/[^"']+\.js/)?.[0];
    for (const asset of [stylesheet, script]) {
      if (!asset || (await fetch(`${base}${asset}`)).status !== 200)
        fail(`static asset not served: ${asset}`);
    }
    ok('GET / 200 with security headers and static assets');

    // The service worker, written into the standalone output after `next build` (ADR 0018).
    const worker = await fetch(`${base}/sw.js`);
    if (worker.status !== 200 || !(await worker.text()).includes('startWorker(self,'))
      fail(`/sw.js not served from the standalone output (${worker.status})`);
    if ((await fetch(`${base}/manifest.webmanifest`)).status !== 200)
      fail('/manifest.webmanifest not served');
    ok('GET /sw.js and /manifest.webmanifest 200');

    const email = `admin-${Date.now()}@example.com`;
    const registered = await postJson('/api/auth/register', {
      fullName: 'Standalone Admin',
      email,
      password: 'standalone-password',
      role: 'admin',
    });
    if (registered.status !== 201 || registered.body.role !== 'admin')
      fail(`register: ${JSON.stringify(registered)}`);
    const login = await postJson('/api/auth/login', { email, password: 'standalone-password', role: 'user' });
    if (login.status !== 200 || login.body.role !== 'admin' || typeof login.body.token !== 'string') {
      fail(`login: ${JSON.stringify(login)}`);
    }
    const list = await fetch(`${base}/admin/users`, {
      headers: { authorization: `Bearer ${login.body.token}` },
    });
    const users = (await list.json()) as Array<{ email: string }>;
    if (list.status !== 200 || users[0]?.email !== email)
      fail(`admin list: ${list.status} ${JSON.stringify(users)}`);
    ok('register → login → GET /admin/users round trip on PostgreSQL');

    await checkCommandLine({ ...env, AUTH_SECRET: secret }, email);

    // 3. The rate limits count the connection's address: a forged X-Forwarded-For changes nothing.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const wrong = { email, password: `wrong-password-${i}`, role: 'admin' };
      const forged = { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `203.0.113.${i}` };
      statuses.push((await postJson('/api/auth/login', wrong, undefined, forged)).status);
    }
    if (statuses.join() !== '401,401,401,429')
      fail(`forged addresses escaped the login limit: ${statuses.join()}`);
    ok(`login limit holds with a forged X-Forwarded-For on every request (${statuses.join(', ')})`);
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child, 10_000);
  }
  console.log('Standalone check passed.');
}

main().catch((error: unknown) => {
  if (error instanceof CheckFailed) console.error(`✗ ${error.message}`);
  else console.error('✗', error);
  process.exit(1);
});
