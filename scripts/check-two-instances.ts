/**
 * Team sync across instances (issue 13, docs/decisions/0013-team-sync.md): two standalone servers
 * (TEAM_SYNC=on) on one fresh PostgreSQL database, behind a round-robin HTTP proxy this script runs
 * on 127.0.0.1. A member's browser shows her board through the proxy; changes pushed straight to
 * instance A must reach it, through the stream it holds on instance B, within 2 s — before and
 * after B's LISTEN connection is cut by the database (pg_terminate_backend). Then a password change
 * made on A must close the user's stream on B within 5 s.
 *
 * The proxy sends every /api/sync/stream request to B and round-robins everything else (pages,
 * pulls, pushes) over A and B. Pinning the stream in the proxy, rather than pointing the page at B,
 * keeps the browser on one origin as behind a real proxy (its session lives in that origin's
 * storage), while making sure the poke has to cross from A to B through PostgreSQL. The proxy also
 * reads the stream's bytes as they pass, to time each poke.
 *
 * Needs `npm run build` and a PostgreSQL server (TEST_DATABASE_URL; the script creates and drops a
 * database of its own). Part of `npm test` after the standalone check.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { Client } from 'pg';
import { freePort, startAppServer, type AppProcess } from '../e2e/process-helpers';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..');
const DATABASE = 'tasklane_two_instances_check';
const LISTENER = 'tasklane-sync-listener';
/** The bar for a change to reach another instance's browser. */
const WITHIN_MS = 2_000;
/** The bar for an account change to close that user's streams on every instance. */
const SESSION_CLOSE_WITHIN_MS = 5_000;

class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

function ok(message: string): void {
  console.log(`✓ ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withAdmin<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

interface Poke {
  seq: number;
  at: number;
}

/**
 * The round-robin proxy: streams both ways without buffering, and closes the upstream request when
 * the browser goes away (so B sees the stream end, as behind nginx).
 */
function startProxy(port: number, instances: { A: AppProcess; B: AppProcess }) {
  const served = { A: 0, B: 0 };
  const pokes: Poke[] = [];
  let turn = 0;
  const server = http.createServer((request, response) => {
    const isStream = new URL(request.url ?? '/', 'http://proxy').pathname === '/api/sync/stream';
    const name = isStream ? 'B' : turn++ % 2 === 0 ? 'A' : 'B';
    served[name] += 1;
    let complete = false;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: instances[name].port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        response.flushHeaders();
        if (isStream) {
          let buffer = '';
          answer.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const match = /^event: poke\ndata: \{"seq":(\d+)\}$/.exec(buffer.slice(0, end));
              if (match) pokes.push({ seq: Number(match[1]), at: performance.now() });
              buffer = buffer.slice(end + 2);
            }
          });
        }
        answer.on('end', () => (complete = true));
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    response.on('close', () => {
      if (!complete) upstream.destroy();
    });
    request.pipe(upstream);
  });
  return new Promise<{ served: typeof served; pokes: Poke[]; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        served,
        pokes,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/**
 * The local TCP ports of a process's sockets (/proc/<pid>/fd → socket inodes → /proc/net/tcp): the
 * `client_port` its PostgreSQL connections show in pg_stat_activity.
 */
function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.add(parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** The backend pids of `instance`'s LISTEN connections. */
async function listenerBackends(databaseUrl: string, instance: AppProcess): Promise<number[]> {
  const ports = localPortsOf(instance.pid);
  const { rows } = await withAdmin(databaseUrl, (client) =>
    client.query<{ pid: number; client_port: number }>(
      `select pid, client_port from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [LISTENER],
    ),
  );
  return rows.filter((row) => ports.has(row.client_port)).map((row) => row.pid);
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, '.next/standalone/server.js')))
    fail('No standalone build: run `npm run build` first.');
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) fail('Set TEST_DATABASE_URL (a PostgreSQL server).');
  const started = Date.now();
  await withAdmin(admin, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${DATABASE}` }).toString();

  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const proxyPort = await freePort();
    const proxyBase = `http://127.0.0.1:${proxyPort}`;
    const env = {
      TEAM_SYNC: 'on',
      DATABASE_URL: databaseUrl,
      APP_URL: proxyBase,
      RATE_LIMIT_SYNC_MAX: '100000',
    };
    // One after the other: the first applies the migrations to the empty database.
    const A = await startAppServer(env);
    cleanups.push(() => A.stop());
    const B = await startAppServer(env);
    cleanups.push(() => B.stop());
    const proxy = await startProxy(proxyPort, { A, B });
    cleanups.push(() => proxy.close());
    ok(`instances A (:${A.port}) and B (:${B.port}) on one database, proxy on :${proxyPort}`);

    const alice = { fullName: 'Alice Across', email: 'alice-across@example.com' };
    const registered = await fetch(`${proxyBase}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...alice, password: 'two-instances-1', role: 'user' }),
    });
    if (registered.status !== 201) fail(`register: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };

    // A stream on A as well, so both instances have a listener and only B's is cut below.
    const onA = await fetch(`${A.base}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` } });
    if (onA.status !== 200 || !onA.body) fail(`stream on A: ${onA.status}`);
    const readerA = onA.body.getReader();
    cleanups.push(() => readerA.cancel().catch(() => undefined));
    void (async () => {
      while (!(await readerA.read().catch(() => ({ done: true }))).done);
    })();

    const browser = await chromium.launch({
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: chromiumFlags,
    });
    cleanups.push(() => browser.close());
    const page = await (await browser.newContext({ baseURL: proxyBase })).newPage();
    // As e2e/session-helpers.ts signIn: the session keys in this origin's storage.
    await page.goto('/robots.txt');
    await page.evaluate(
      ({ token, email, name }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify({ email }));
        localStorage.setItem('loggedInUser', JSON.stringify({ name }));
      },
      { token, email: alice.email, name: alice.fullName },
    );
    await page.goto('/user/dashboard');
    await page
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: /^Synced$/ })
      .waitFor();
    await waitFor('the browser’s stream on B', 10_000, async () => proxy.pokes[0]);
    const listenersA = await listenerBackends(databaseUrl, A);
    const listenersB = await listenerBackends(databaseUrl, B);
    if (listenersA.length !== 1 || listenersB.length !== 1)
      fail(`expected one listener per instance, got A ${listenersA}, B ${listenersB}`);
    ok('the browser’s board is open through the proxy, streaming from B; one listener on each instance');

    let round = 0;
    /** Pushes a new task for Alice straight to A; resolves with poke and board latencies. */
    const pushThroughA = async () => {
      round += 1;
      const title = `Across instances ${round}`;
      const hlc = `${String(Date.now()).padStart(15, '0')}-000000-check`;
      const values = {
        title,
        description: 'Pushed through A',
        priority: 'Medium',
        deadline: '2099-01-01',
        progress: 0,
        assignedTo: alice.fullName,
        email: alice.email,
        column: 'To Do',
      };
      const op = {
        opId: randomUUID(),
        uid: randomUUID(),
        baseV: 0,
        kind: 'upsert',
        fields: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value, hlc }])),
      };
      const sent = performance.now();
      const pushed = await fetch(`${A.base}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ clientId: 'check-two-instances', ops: [op] }),
      });
      const body = (await pushed.json()) as { seq?: number };
      if (pushed.status !== 200 || !body.seq) fail(`push to A: ${pushed.status} ${JSON.stringify(body)}`);
      await card(page, title).waitFor({ timeout: Math.max(0, WITHIN_MS - (performance.now() - sent)) });
      const shown = performance.now() - sent;
      // The board may show the task before the poke has passed the proxy: the browser also pulls when
      // its stream reopens. The poke must still come (seen once, on CI, right after B's LISTEN was cut).
      const poke = await waitFor(
        `the board showed "${title}" but B’s stream carried no poke for seq ${body.seq}`,
        WITHIN_MS,
        async () => proxy.pokes.find((item) => item.seq >= body.seq! && item.at >= sent),
      );
      return { title, poke: poke.at - sent, shown };
    };

    const first = await pushThroughA();
    ok(
      `"${first.title}" pushed to A: poke from B after ${first.poke.toFixed(0)} ms, on the board after ${first.shown.toFixed(0)} ms`,
    );

    // B's LISTEN connection cut by the server: the change pushed at once may be notified while it is
    // down, so it must come from the poke B sends every stream on reconnecting.
    const cut = await withAdmin(databaseUrl, (client) =>
      client.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = $1', [listenersB[0]]),
    );
    if (cut.rowCount !== 1) fail('could not terminate B’s listener backend');
    const cutAt = performance.now();
    const second = await pushThroughA();
    const newListener = await waitFor('B’s listener back', 10_000, async () => {
      const now = await listenerBackends(databaseUrl, B);
      return now.length === 1 && now[0] !== listenersB[0] ? now[0] : undefined;
    });
    ok(
      `B's listener (backend ${listenersB[0]}) terminated; "${second.title}" pushed at once: poke after ${second.poke.toFixed(0)} ms, on the board after ${second.shown.toFixed(0)} ms; new listener backend ${newListener} found ${(performance.now() - cutAt).toFixed(0)} ms after the cut (after that push)`,
    );
    const third = await pushThroughA();
    ok(
      `"${third.title}" pushed to A after the reconnection: poke after ${third.poke.toFixed(0)} ms, on the board after ${third.shown.toFixed(0)} ms`,
    );
    if ((await listenerBackends(databaseUrl, A)).join() !== listenersA.join())
      fail('A’s listener changed, though only B’s was cut');
    if (proxy.served.A === 0 || proxy.served.B === 0)
      fail(`the proxy did not spread requests: ${JSON.stringify(proxy.served)}`);
    ok(`requests through the proxy: ${proxy.served.A} to A, ${proxy.served.B} to B (streams pinned to B)`);

    // Sessions end on every instance (docs/decisions/0022-sessions.md): a password change made on A
    // closes the stream the user holds on B, through PostgreSQL's NOTIFY.
    const onB = await fetch(`${B.base}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` } });
    if (onB.status !== 200 || !onB.body) fail(`stream on B: ${onB.status}`);
    const readerB = onB.body.getReader();
    cleanups.push(() => readerB.cancel().catch(() => undefined));
    const changed = await fetch(`${A.base}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'two-instances-1', newPassword: 'two-instances-2' }),
    });
    if (changed.status !== 200) fail(`password change on A: ${changed.status} ${await changed.text()}`);
    const changedAt = performance.now();
    const decoder = new TextDecoder();
    let received = '';
    for (;;) {
      const left = SESSION_CLOSE_WITHIN_MS - (performance.now() - changedAt);
      const chunk = await Promise.race([readerB.read(), sleep(Math.max(0, left)).then(() => null)]);
      if (chunk === null)
        fail(`B’s stream was still open ${SESSION_CLOSE_WITHIN_MS} ms after the password change on A`);
      if (chunk.done) break;
      received += decoder.decode(chunk.value, { stream: true });
    }
    if (!received.includes('event: bye')) fail('B’s stream ended without `bye`');
    ok(
      `password changed on A: the user’s stream on B said bye and ended after ${(performance.now() - changedAt).toFixed(0)} ms`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await withAdmin(admin, (client) => client.query(`drop database if exists ${DATABASE} with (force)`));
  }
  console.log(`Two-instance check passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

function card(page: Page, title: string) {
  return page.locator('section[data-column="To Do"]').getByText(title, { exact: true });
}

main().catch((error: unknown) => {
  if (error instanceof CheckFailed) console.error(`✗ ${error.message}`);
  else console.error('✗', error);
  process.exit(1);
});
