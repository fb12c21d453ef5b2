/**
 * `npm run bench:attachments`: files on tasks (PUT and GET /api/files/{id}) with 25 MB bodies, on the
 * production build (run `npm run build` first), TEAM_SYNC=on, for each file store driver: the local
 * disk (`<DATA_DIR>/files`) and S3 (an s3rver 3.7 the script starts in a child process on a free
 * 127.0.0.1 port, with a temporary folder and its bucket). Not part of `npm test`.
 *
 * Per driver, on a fresh server (scripts/start.sh, fresh SQLite) with one account and one task:
 * - one small upload and download first (the files routes' modules and the store's client load on
 *   first use: that is not the body's cost), then
 * - a 25 MB upload (26,214,400 bytes, deterministic content, streamed from a file on disk:
 *   `fs.openAsBlob`, so the request declares its Content-Length as a browser's would and the client
 *   never holds the file) and its download over loopback, median of `--runs` (5) each;
 * - the server's memory growth over those uploads: its RSS (VmRSS of /proc/<pid>/status) sampled
 *   every 50 ms, the peak minus the RSS just before the first upload, and each upload's own growth
 *   (a body held whole would show in every one; the first also holds V8's young generation growing
 *   to its full size, about 30 MB, whatever the body); the same for the downloads and the
 *   concurrent uploads, as figures without a target;
 * - four 25 MB uploads at once: the wall time until the last answered.
 * Every upload must answer 201 with the size sent, and the SHA-256 of every download must equal the
 * file's: otherwise the bench fails (exit code 1), as on any error.
 * Targets: upload ≤ 2 s and download ≤ 2 s (medians), upload memory growth ≤ 20 MB, four at once
 * ≤ 8 s. A missed target is printed, not an exit code (these machines are noisy).
 * Thumbnails (image previews) are left out: they are not built yet.
 * Usage: npm run bench:attachments [-- --runs 5 --drivers local,s3]
 */
import { spawn } from 'node:child_process';
import { createCipheriv, createHash, randomUUID } from 'node:crypto';
import {
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import {
  median,
  newTaskUpsert,
  registerAccount,
  reportMissed,
  root,
  syncServerEnv,
  waitForServer,
  worst,
  argValue,
} from './bench-support.mjs';

const runs = Number(argValue('--runs') ?? 5);
const drivers = /** @type {Array<'local' | 's3'>} */ ((argValue('--drivers') ?? 'local,s3').split(','));
const FILE_SIZE = 25 * 1024 * 1024;
const CONCURRENT = 4;
const SAMPLE_MS = 50;
const BUCKET = 'tasklane-bench';
const TARGETS = { uploadMs: 2000, downloadMs: 2000, uploadGrowthMb: 20, concurrentMs: 8000 };
const MB = 1024 * 1024;

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
 * Writes `size` deterministic, incompressible bytes (AES-256-CTR of zeros under a fixed key) to
 * `file`, 1 MiB at a time; resolves to their SHA-256 (hex).
 */
async function writeTestFile(/** @type {string} */ file, /** @type {number} */ size) {
  const cipher = createCipheriv('aes-256-ctr', Buffer.alloc(32, 7), Buffer.alloc(16, 0));
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const zeros = Buffer.alloc(MB);
  for (let written = 0; written < size; written += MB) {
    const chunk = cipher.update(zeros.subarray(0, Math.min(MB, size - written)));
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}

/** The node process that serves: `pid` itself, or the first node among its descendants (bash → node). */
function nodePidOf(/** @type {number} */ pid) {
  const isNode = (/** @type {number} */ id) => {
    try {
      return path.basename(readlinkSync(`/proc/${id}/exe`)).startsWith('node');
    } catch {
      return false;
    }
  };
  const queue = [pid];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (isNode(id)) return id;
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      if (children) queue.push(...children.split(/\s+/).map(Number));
    }
  }
  throw new Error(`no node process under pid ${pid}`);
}

/** The resident set of process `pid` in bytes (VmRSS). */
function rssOf(/** @type {number} */ pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Samples the RSS of `pid` every SAMPLE_MS from now until `stop()`. `segment()` ends a segment
 * (the first starts now) and returns its growth: its peak minus the RSS when it started.
 */
function sampleRss(/** @type {number} */ pid) {
  const before = rssOf(pid);
  let peak = before;
  let segmentStart = before;
  let segmentPeak = before;
  let samples = 0;
  const read = () => {
    const rss = rssOf(pid);
    peak = Math.max(peak, rss);
    segmentPeak = Math.max(segmentPeak, rss);
    samples += 1;
  };
  const timer = setInterval(read, SAMPLE_MS);
  return {
    segment() {
      read();
      const growth = segmentPeak - segmentStart;
      segmentStart = segmentPeak = rssOf(pid);
      return growth;
    },
    stop() {
      clearInterval(timer);
      read();
      return { before, peak, growth: peak - before, samples };
    },
  };
}

/**
 * Runs `work` while sampling the RSS of `pid`: its result and the peak minus the RSS just before
 * (bytes). `work` may call `segment()` to learn the growth of its parts (sampleRss).
 * @template T
 * @param {number} pid
 * @param {(segment: () => number) => Promise<T>} work
 */
async function withRss(pid, work) {
  const sampler = sampleRss(pid);
  try {
    const result = await work(() => sampler.segment());
    return { result, ...sampler.stop() };
  } finally {
    sampler.stop();
  }
}

/**
 * s3rver in a child process on a free 127.0.0.1 port, its objects in `directory`, the bucket made;
 * resolves to its endpoint and a `stop` function.
 */
async function startS3rver(/** @type {string} */ directory) {
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
async function startAppServer(dataDir, extra) {
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

/** A new account and a new task of its own on the server at `base`: the token and the task's uid. */
async function accountWithTask(/** @type {string} */ base) {
  const { token } = await registerAccount(base, { fullName: 'Bench Files' });
  const hlc = `${String(Date.now()).padStart(15, '0')}-000000-bench`;
  const op = newTaskUpsert({ title: 'Files bench', description: 'Holds the files', priority: 'Medium' }, hlc);
  const response = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId: 'bench-attachments', ops: [op] }),
  });
  if (response.status !== 200) throw new Error(`push: ${response.status} ${await response.text()}`);
  return { token, task: op.uid };
}

/**
 * PUT /api/files/{new id} with the file `file` (streamed from disk, Content-Length declared), which
 * must answer 201 with `size` bytes stored. Resolves to the id and the ms until the answer.
 * @param {{ base: string, token: string, task: string }} target
 * @param {string} file
 * @param {number} size
 */
async function upload({ base, token, task }, file, size) {
  const id = randomUUID();
  const body = await openAsBlob(file);
  const started = performance.now();
  const response = await fetch(
    `${base}/api/files/${id}?task=${encodeURIComponent(task)}&name=${encodeURIComponent(`bench-${id}.bin`)}`,
    { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body },
  );
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${text.slice(0, 300)}`);
  const { attachment } = /** @type {{ attachment: { id: string, size: number } }} */ (JSON.parse(text));
  if (attachment.size !== size || attachment.id !== id)
    throw new Error(
      `upload: stored ${attachment.size} bytes under ${attachment.id}, sent ${size} under ${id}`,
    );
  return { id, ms };
}

/**
 * GET /api/files/{id}, hashed as it arrives (never held whole): resolves to the ms until the last
 * byte; throws unless it is 200 with `size` bytes whose SHA-256 is `sha256`.
 * @param {{ base: string, token: string }} target
 * @param {string} id
 * @param {{ size: number, sha256: string }} expected
 */
async function download({ base, token }, id, { size, sha256 }) {
  const started = performance.now();
  const response = await fetch(`${base}/api/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body)
    throw new Error(`download: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (
    /** @type {unknown} */ (response.body)
  )) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const ms = performance.now() - started;
  const got = hash.digest('hex');
  if (bytes !== size || got !== sha256)
    throw new Error(
      `HASH MISMATCH on ${id}: sent ${size} bytes sha256 ${sha256}, got ${bytes} bytes sha256 ${got}`,
    );
  return ms;
}

/**
 * The measures of one driver on its own server: `env` selects the store.
 * @param {string} dataDir
 * @param {Record<string, string>} env
 * @param {{ file: string, size: number, sha256: string, small: { file: string, size: number, sha256: string } }} files
 */
async function measureDriver(dataDir, env, files) {
  const server = await startAppServer(dataDir, env);
  try {
    const target = { base: server.base, ...(await accountWithTask(server.base)) };
    // Warm-up: the routes, the store's client and the database paths load on first use.
    const warm = await upload(target, files.small.file, files.small.size);
    await download(target, warm.id, files.small);
    const uploads = await withRss(server.pid, async (/** @type {() => number} */ segment) => {
      /** @type {Array<{ id: string, ms: number, growth: number }>} */
      const done = [];
      for (let run = 0; run < runs; run++)
        done.push({ ...(await upload(target, files.file, files.size)), growth: segment() });
      return done;
    });
    const downloads = await withRss(server.pid, async () => {
      /** @type {number[]} */
      const times = [];
      for (const { id } of uploads.result) times.push(await download(target, id, files));
      return times;
    });
    const concurrent = await withRss(server.pid, async () => {
      const started = performance.now();
      const done = await Promise.all(
        Array.from({ length: CONCURRENT }, () => upload(target, files.file, files.size)),
      );
      return { done, wallMs: performance.now() - started };
    });
    for (const { id } of concurrent.result.done) await download(target, id, files);
    return {
      uploadMs: uploads.result.map((u) => u.ms),
      downloadMs: downloads.result,
      uploadGrowth: uploads.growth,
      eachUploadGrowth: uploads.result.map((u) => u.growth),
      uploadRssBefore: uploads.before,
      samples: uploads.samples,
      downloadGrowth: downloads.growth,
      concurrentMs: concurrent.result.wallMs,
      concurrentGrowth: concurrent.growth,
      rssAfter: rssOf(server.pid),
    };
  } finally {
    await server.stop();
  }
}

const ms = (/** @type {number} */ value) => `${(value / 1000).toFixed(2)} s`;
const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Prints one driver's figures as table rows and returns the targets it missed.
 * @param {string} name
 * @param {Awaited<ReturnType<typeof measureDriver>>} figures
 */
function report(name, figures) {
  const rows = [
    [
      `25 MB upload, median of ${runs}`,
      ms(median(figures.uploadMs)),
      `worst ${ms(worst(figures.uploadMs))}`,
      '≤ 2 s',
    ],
    [
      `25 MB download, median of ${runs}`,
      ms(median(figures.downloadMs)),
      `worst ${ms(worst(figures.downloadMs))}`,
      '≤ 2 s',
    ],
    [
      `server RSS growth, ${runs} uploads`,
      mb(figures.uploadGrowth),
      `from ${mb(figures.uploadRssBefore)}, ${figures.samples} samples`,
      '≤ 20 MB',
    ],
    [
      '  each upload (its peak − RSS before)',
      '',
      figures.eachUploadGrowth.map((bytes) => (bytes / MB).toFixed(1)).join(', ') + ' MB',
      '',
    ],
    [`server RSS growth, ${runs} downloads`, mb(figures.downloadGrowth), '', ''],
    [
      `${CONCURRENT} × 25 MB uploads at once`,
      ms(figures.concurrentMs),
      `RSS growth ${mb(figures.concurrentGrowth)}`,
      '≤ 8 s',
    ],
    ['server RSS at the end', mb(figures.rssAfter), '', ''],
  ];
  console.log(`\n${name}`);
  for (const [what, value, detail, target] of rows)
    console.log(`  ${what.padEnd(34)} ${value.padStart(9)}  ${detail.padEnd(32)} ${target}`);
  return [
    median(figures.uploadMs) > TARGETS.uploadMs && `${name} upload`,
    median(figures.downloadMs) > TARGETS.downloadMs && `${name} download`,
    figures.uploadGrowth / MB > TARGETS.uploadGrowthMb && `${name} upload memory`,
    figures.concurrentMs > TARGETS.concurrentMs && `${name} ${CONCURRENT} at once`,
  ];
}

const work = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-attachments-'));
/** @type {Array<string | false>} */
const missed = [];
try {
  const file = path.join(work, 'body-25mb.bin');
  const small = path.join(work, 'body-1kb.bin');
  const files = {
    file,
    size: FILE_SIZE,
    sha256: await writeTestFile(file, FILE_SIZE),
    small: { file: small, size: 1024, sha256: await writeTestFile(small, 1024) },
  };
  console.log(
    `Files on tasks, ${FILE_SIZE.toLocaleString('en-US')}-byte bodies (sha256 ${files.sha256.slice(0, 16)}…):`,
  );
  for (const driver of drivers) {
    const dataDir = mkdtempSync(path.join(work, `server-${driver}-`));
    if (driver === 'local') {
      missed.push(...report('local disk', await measureDriver(dataDir, { STORAGE: 'local' }, files)));
      continue;
    }
    const s3 = await startS3rver(mkdtempSync(path.join(work, 's3rver-')));
    try {
      const env = {
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
      missed.push(...report('S3 (s3rver)', await measureDriver(dataDir, env, files)));
    } finally {
      await s3.stop();
    }
  }
  // reportMissed sets exit code 1 on a missed target; here only a wrong byte or an error does.
  const exitCode = process.exitCode;
  reportMissed(missed);
  process.exitCode = exitCode;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
