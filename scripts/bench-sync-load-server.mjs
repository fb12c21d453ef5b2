/**
 * The server side of `npm run bench:sync-load` (scripts/bench-sync-load.mjs): the standalone server
 * started with team sync on and an inspector on 127.0.0.1, its resident memory, its heap after a full
 * collection and its hub's stream count, and small helpers the bench's phases share.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { root, syncServerEnv } from './bench-support.mjs';

export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on (the OS picks it), as e2e/process-helpers.ts freePort. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function withPostgres(
  /** @type {string} */ url,
  /** @type {(c: pg.Client) => Promise<any>} */ run,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The server's resident memory in MB (it is the process start.sh execs). */
export function rssMb(/** @type {number} */ pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error('no VmRSS');
  return Number(line[1]) / 1024;
}

/** The kernel's clock ticks a second, in which /proc reports CPU time. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The CPU time (user and system) the server has used since it started, in ms. */
export function cpuMs(/** @type {number} */ pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name in parentheses: state, then fields 4… ; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * Where a CPU profile's busy samples (idle ones left out) fell, by self time: code in node_modules by
 * package, the rest by function and file. The `count` largest shares, as "42.1 % name".
 * @param {{ callFrame: { functionName: string, url: string }, hitCount?: number }[]} nodes
 * @param {number} count
 */
function topSelfTime(nodes, count) {
  /** @type {Map<string, number>} */
  const hits = new Map();
  let total = 0;
  for (const { callFrame, hitCount = 0 } of nodes) {
    if (callFrame.functionName === '(idle)') continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(callFrame.url)?.[1];
    const file = callFrame.url.split('/').at(-1) || '(native)';
    const place = pkg ? `${pkg} (package)` : `${callFrame.functionName || '(anonymous)'} ${file}`;
    hits.set(place, (hits.get(place) ?? 0) + hitCount);
    total += hitCount;
  }
  return [...hits]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([place, n]) => `${((n * 100) / total).toFixed(1)} % ${place}`);
}

/**
 * A DevTools protocol session with the server's inspector: the heap after a full garbage collection,
 * and the hub's stream count (server/realtime/hub.ts keeps the hub on globalThis).
 */
async function inspect(/** @type {number} */ port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let lastId = 0;
  /** @type {Map<number, (message: any) => void>} */
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  const send = (/** @type {string} */ method, params = {}) =>
    new Promise((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  await send('HeapProfiler.enable');
  return {
    async heapMb() {
      await send('HeapProfiler.collectGarbage');
      const answer = /** @type {any} */ (await send('Runtime.getHeapUsage'));
      return answer.result.usedSize / 1024 / 1024;
    },
    async hubSize() {
      const answer = /** @type {any} */ (
        await send('Runtime.evaluate', {
          expression: "globalThis[Symbol.for('tasklane.syncHub')]?.size() ?? 0",
          returnByValue: true,
        })
      );
      return /** @type {number} */ (answer.result.result.value);
    },
    /** Starts V8's sampling CPU profiler in the server. */
    async startProfile() {
      await send('Profiler.enable');
      await send('Profiler.start');
    },
    /** Stops it: the share of busy samples of the `count` busiest places (function, or package), by self time. */
    async stopProfile(count = 12) {
      const answer = /** @type {any} */ (await send('Profiler.stop'));
      return topSelfTime(answer.result.profile.nodes, count);
    },
    close: () => socket.close(),
  };
}

/**
 * Starts the standalone server on a free port with team sync on (bench-support.mjs syncServerEnv,
 * plus `extra`) and its inspector, and waits for /api/health. `logged` collects its output lines.
 */
export async function startServer(
  /** @type {string} */ dataDir,
  /** @type {string} */ databaseUrl,
  /** @type {Record<string, string>} */ extra = {},
) {
  if (!existsSync(path.join(root, '.next/standalone/server.js')))
    throw new Error('Run `npm run build` first.');
  if (typeof WebSocket === 'undefined')
    throw new Error('Run with Node 22, or node --experimental-websocket.');
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const inspectorPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('bash', ['scripts/start.sh'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: syncServerEnv({
      port,
      dataDir,
      databaseUrl,
      extra: {
        RATE_LIMIT_REGISTER_MAX: '10000',
        NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}`,
        ...extra,
      },
    }),
  });
  /** @type {string[]} */
  const logged = [];
  for (const output of [server.stdout, server.stderr])
    output.on('data', (/** @type {Buffer} */ chunk) =>
      logged.push(...chunk.toString().split('\n').filter(Boolean)),
    );
  const stop = () => server.kill('SIGTERM');
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        const inspector = await inspect(inspectorPort);
        return { base, pid: /** @type {number} */ (server.pid), logged, inspector, stop };
      }
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  stop();
  throw new Error(`the server did not start:\n${logged.join('\n')}`);
}

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** An error as one line, with what fetch's `fetch failed` hides: its cause (a reset, a timeout). */
export function describeError(/** @type {unknown} */ error) {
  const cause = error instanceof Error ? /** @type {any} */ (error.cause) : undefined;
  return cause ? `${String(error)} (${cause.code ?? ''} ${cause.message ?? String(cause)})` : String(error);
}

/** How many of the server's LISTEN connections (server/realtime/listener.ts) PostgreSQL holds. */
export async function listenerConnections(/** @type {string} */ databaseUrl) {
  return withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_stat_activity
       where datname = current_database() and application_name = 'tasklane-sync-listener'`,
    );
    return rows[0].count;
  });
}
