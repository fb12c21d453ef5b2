/**
 * Servers a spec starts itself, besides the shared one Playwright's webServer runs: the production
 * server exactly as `npm start` runs it, with its own environment (low rate limits, TRUST_PROXY),
 * on a fresh SQLite file and a free port on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface AppProcess {
  base: string;
  port: number;
  /** The server process's id (start.sh execs node, so it is the server itself). */
  pid: number;
  /** The server's DATA_DIR (its SQLite file): a restart on the same one keeps the data. */
  dataDir: string;
  output: () => string;
  /** SIGTERM, then the data directory is removed. */
  stop: () => Promise<void>;
  /** SIGKILL (a crash: no shutdown code runs); the data directory stays for a restart. */
  kill: () => Promise<void>;
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer /api/health within 60 s:\n${output()}`);
}

/**
 * `npm start` (scripts/start.sh → the standalone server) with `env` on top of a test baseline. Pass the
 * `port` and `dataDir` of a killed server to restart it where it was, with its data.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  reuse: { port: number; dataDir: string } | null = null,
): Promise<AppProcess> {
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tasklane-e2e-'));
  let log = '';
  const child = spawn('bash', ['scripts/start.sh'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      AUTH_SECRET: 'e2e-process-secret-0123456789abcdefghijkl',
      BCRYPT_COST: '4',
      LOG_LEVEL: 'warn',
      // A worker's shared team server gets the sign-ups of every team spec the worker runs: more than
      // the default 10 an hour from one address (a retry on a fresh worker then passed: a flake). A
      // spec that tests the limit sets its own.
      RATE_LIMIT_REGISTER_MAX: '10000',
      // The team specs register their accounts through the open sign-up API. With TEAM_SYNC=on and
      // SIGNUP_MODE unset, sign-up is invitation only once an admin exists (ADR 0041): a spec of that
      // default passes SIGNUP_MODE '' (empty is unset).
      SIGNUP_MODE: 'open',
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, 'tasklane.db')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // start.sh execs node, so the child is the server itself.
    child.kill(name);
    await exited;
  };
  const stop = async () => {
    await signal('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = () => signal('SIGKILL');
  try {
    await waitForHealth(base, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, pid: child.pid!, dataDir, output: () => log, stop, kill };
}
