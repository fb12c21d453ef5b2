/**
 * `npm run bench:login [-- --port 3401 --concurrency 10 --logins 80]`: login throughput of the
 * production build (`npm run build` first) at bcrypt cost 12 on a fresh SQLite database, against
 * bcrypt on one thread measured in this same run, and what a cheap request (/api/health) waits
 * meanwhile. Before ADR 0028 the hashes ran on the event loop: about 1x one thread, and every
 * other request queued behind them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { argValue, root, waitForServer } from './bench-support.mjs';

const port = Number(argValue('--port') ?? 3401);
const concurrency = Number(argValue('--concurrency') ?? 10);
const totalLogins = Number(argValue('--logins') ?? 80);
/** Rounds of (one-thread compares, then concurrent logins), and compares per round. */
const rounds = 4;
const compareRounds = 3;
const cost = Number(process.env.BCRYPT_COST ?? 12);
const email = 'bench@example.com';
const password = 'bench-password';

/** The value at quantile `q` of `samples` (nearest rank). */
function quantile(/** @type {number[]} */ samples, /** @type {number} */ q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * One-thread bcrypt: `count` sequential compares on this process's event loop, as the server ran
 * them before; returns the seconds spent.
 */
async function oneThreadSeconds(/** @type {string} */ hash, /** @type {number} */ count) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await bcrypt.compare(password, hash);
  return (performance.now() - started) / 1000;
}

/**
 * CPU seconds each thread of the process `pid` has used so far, by thread id (Linux /proc; empty
 * elsewhere). On a machine others also load, logins/s depends on what they leave free; which
 * threads did the work, and how much work a login is, does not.
 */
function threadCpuSeconds(/** @type {number | undefined} */ pid) {
  /** @type {Map<string, number>} */
  const seconds = new Map();
  const tasks = `/proc/${pid}/task`;
  if (!pid || !existsSync(tasks)) return seconds;
  for (const tid of readdirSync(tasks)) {
    try {
      const fields = readFileSync(`${tasks}/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(tid, (Number(fields[11]) + Number(fields[12])) / 100); // utime + stime, 10 ms ticks
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return seconds;
}

/** `count` logins, `concurrency` at a time; returns the seconds spent. */
async function concurrentSeconds(/** @type {string} */ base, /** @type {number} */ count) {
  let remaining = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        await postLogin(base);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * GETs /api/health every 50 ms until `done()`, while `active()` (the logins are running, not this
 * process's own bcrypt); returns each request's latency in ms.
 */
async function pollHealth(
  /** @type {string} */ base,
  /** @type {() => boolean} */ done,
  /** @type {() => boolean} */ active = () => true,
) {
  const samples = [];
  while (!done()) {
    if (active()) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/api/health: ${response.status}`);
      if (active()) samples.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // ~20 a second: a probe, not a load
  }
  return samples;
}

async function postLogin(/** @type {string} */ base, body = { email, password }, expected = 200) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`login: ${response.status}`);
}

/** Median latency of one login at a time: a wrong password and an unknown email must cost the same. */
async function sequentialLatencies(/** @type {string} */ base) {
  const cases = {
    'right password': [{ email, password }, 200],
    'wrong password': [{ email, password: 'not-the-password' }, 401],
    'unknown email': [{ email: 'nobody@example.com', password }, 401],
  };
  /** @type {Record<string, number>} */
  const medians = {};
  for (const [name, [body, expected]] of Object.entries(cases)) {
    const samples = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await postLogin(base, /** @type {{ email: string, password: string }} */ (body), Number(expected));
      samples.push(performance.now() - started);
    }
    medians[name] = quantile(samples, 0.5);
  }
  return medians;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-login-'));
  // Its own session, as a real server runs: Linux's autogroup scheduling then shares the CPU between
  // it and this client as between two programs, not as one.
  const server = spawn('bash', ['scripts/start.sh'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-login-secret-0123456789abcdefghijklmnop',
      BCRYPT_COST: String(cost),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'bench.db')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_LOGIN_MAX_FAILURES: '100000',
      RATE_LIMIT_LOGIN_IP_MAX_FAILURES: '100000',
      RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES: '100000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  // Interrupted (Ctrl-C): stop the server too, rather than leave it holding the port.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    await waitForServer(`${base}/api/health`);
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Bench', email, password }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    await postLogin(base); // warm-up: route code, workers, the JWT key
    const loadBefore = loadavg();

    let idleDone = false;
    const idleHealth = pollHealth(base, () => idleDone);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    idleDone = true;
    const idle = await idleHealth;

    // The machine is shared: the two measures alternate in short rounds, so that a burst of
    // someone else's work slows both rather than one.
    const hash = await bcrypt.hash(password, cost);
    await bcrypt.compare(password, hash);
    let loginsDone = false;
    let loginsRunning = false;
    const health = pollHealth(
      base,
      () => loginsDone,
      () => loginsRunning,
    );
    let serverSeconds = 0;
    /** @type {Map<string, number>} */
    const threadCpu = new Map();
    let oneThreadTotal = 0;
    const perRound = Math.max(concurrency, Math.round(totalLogins / rounds));
    for (let round = 0; round < rounds; round++) {
      oneThreadTotal += await oneThreadSeconds(hash, compareRounds);
      loginsRunning = true;
      const cpuBefore = threadCpuSeconds(server.pid);
      serverSeconds += await concurrentSeconds(base, perRound);
      for (const [tid, after] of threadCpuSeconds(server.pid)) {
        threadCpu.set(tid, (threadCpu.get(tid) ?? 0) + after - (cpuBefore.get(tid) ?? 0));
      }
      loginsRunning = false;
    }
    loginsDone = true;
    const busy = await health;
    const oneThread = (rounds * compareRounds) / oneThreadTotal;

    const latencies = await sequentialLatencies(base);

    const perSecond = (rounds * perRound) / serverSeconds;
    const format = (/** @type {number} */ value) => value.toFixed(1);
    console.log(
      `Logins at bcrypt cost ${cost}, ${concurrency} concurrent, ${totalLogins} logins in ${rounds} rounds, Node ${process.version}, ` +
        `${availableParallelism()} cores, load average ${[loadBefore, loadavg()]
          .map((load) => load.map((value) => value.toFixed(2)).join(' '))
          .join(' before, ')} after`,
    );
    console.log(`  one-thread bcrypt     ${oneThread.toFixed(2)} compares/s`);
    console.log(
      `  server                ${perSecond.toFixed(2)} logins/s = ${(perSecond / oneThread).toFixed(2)}x one thread`,
    );
    if (threadCpu.size > 0) {
      const busiest = [...threadCpu.values()].sort((a, b) => b - a);
      const total = busiest.reduce((sum, value) => sum + value, 0);
      const logins = rounds * perRound;
      console.log(
        `  server CPU            ${(total / serverSeconds).toFixed(2)} cores on average; ${(total / logins).toFixed(3)} CPU-s per login; ` +
          `busiest threads ${busiest
            .slice(0, 3)
            .map((value) => `${value.toFixed(1)} s`)
            .join(', ')}`,
      );
    }
    console.log(
      `  /api/health idle      p50 ${format(quantile(idle, 0.5))} ms, p99 ${format(quantile(idle, 0.99))} ms (${idle.length} requests)`,
    );
    console.log(
      `  /api/health busy      p50 ${format(quantile(busy, 0.5))} ms, p99 ${format(quantile(busy, 0.99))} ms (${busy.length} requests)`,
    );
    for (const [name, median] of Object.entries(latencies)) {
      console.log(`  one login, ${name.padEnd(15)} p50 ${format(median)} ms`);
    }
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
