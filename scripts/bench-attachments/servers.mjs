/** The processes bench:attachments starts: s3rver and the production server, each on a free port. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { root, syncServerEnv, waitForServer } from '../bench-support.mjs';
import { BUCKET } from './config.mjs';
import { nodePidOf } from './memory.mjs';

/** A port nothing listens on right now on 127.0.0.1 (the OS picks it). */
function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
      });
    })
  );
}

/**
 * s3rver in a child process on a free 127.0.0.1 port, its objects in `directory`, the bucket made;
 * resolves to its endpoint and a `stop` function.
 */
export async function startS3rver(/** @type {string} */ directory) {
  const code = `
    import S3rver from 's3rver';
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[1],
      configureBuckets: [{ name: process.argv[2] }] });
    const { port } = await server.run();
    process.stdout.write(JSON.stringify({ port }) + '\\n');
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, directory, BUCKET], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = /** @type {[Buffer]} */ (
    await once(/** @type {NodeJS.ReadableStream} */ (child.stdout), 'data')
  );
  const { port } = /** @type {{ port: number }} */ (JSON.parse(line.toString('utf8')));
  const exited = once(child, 'exit');
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { endpoint: `http://127.0.0.1:${port}`, stop };
}

/**
 * The production server (scripts/start.sh) with team sync on, `extra` on top; waits for /api/health.
 * Resolves to its base URL, the pid of its node process, and `stop`.
 * @param {string} dataDir
 * @param {Record<string, string>} extra
 */
export async function startAppServer(dataDir, extra) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = `file:${path.join(dataDir, 'tasklane.db')}`;
  const env = syncServerEnv({
    port,
    dataDir,
    databaseUrl,
    extra: { RATE_LIMIT_ATTACHMENT_MAX: '1000000', ...extra },
  });
  const server = spawn('bash', ['scripts/start.sh'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const exited = once(server, 'exit');
  /** @type {number | undefined} */
  let pid;
  // start.sh execs node, so the child is the server; the node pid is signalled too should it not be.
  const stop = async () => {
    if (pid !== undefined && pid !== server.pid) process.kill(pid, 'SIGTERM');
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForServer(`${base}/api/health`);
    pid = nodePidOf(/** @type {number} */ (server.pid));
    return { base, pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
