/**
 * `npm run bench:attachments`: files on tasks (PUT and GET /api/files/{id}) with 25 MB bodies, on the
 * production build (run `npm run build` first), TEAM_SYNC=on, for each file store driver: the local
 * disk (`<DATA_DIR>/files`) and S3 (an s3rver 3.7 the script starts in a child process on a free
 * 127.0.0.1 port, with a temporary folder and its bucket). Not part of `npm test`.
 *
 * Per driver, on a fresh server (scripts/start.sh, fresh SQLite) with one account and one task:
 * - one small upload and download first (the files routes' modules and the store's client load on
 *   first use: that is not the body's cost), then
 * - one 25 MB upload (26,214,400 bytes, deterministic content, streamed from a file on disk:
 *   `fs.openAsBlob`, so the request declares its Content-Length as a browser's would and the client
 *   never holds the file) whose RSS growth is reported on its own, without a target: the body's
 *   chunks (and S3's parts) are garbage as soon as they are written, but their memory is outside
 *   V8's heap and freed only at its next collection, which a few objects per 64 kB chunk seldom
 *   call for, so 25–40 MB of them wait at a time (a forced collection frees them), and the process
 *   keeps much of the memory they took and reuses it;
 * - then `--runs` (5) more 25 MB uploads and their downloads over loopback (medians), and the
 *   server's memory growth over those uploads, the steady state: its RSS (VmRSS of
 *   /proc/<pid>/status) sampled every 50 ms, the peak minus the RSS just before the first of them,
 *   and each upload's own growth (a body held whole would show in every one); the same for the
 *   downloads and the concurrent uploads, as figures without a target;
 * - four 25 MB uploads at once: the wall time until the last answered.
 * Every upload must answer 201 with the size sent, and the SHA-256 of every download must equal the
 * file's: otherwise the bench fails (exit code 1), as on any error.
 * Targets: upload ≤ 2 s and download ≤ 2 s (medians), upload memory growth (steady) ≤ 20 MB, four at once
 * ≤ 8 s. A missed target is printed, not an exit code (these machines are noisy).
 * Thumbnails (image previews) are left out: docs/benchmarks.md has them, measured on their own.
 * Usage: npm run bench:attachments [-- --runs 5 --drivers local,s3]
 *
 * The parts: config.mjs (options, sizes, targets), test-file.mjs (the bodies), servers.mjs (s3rver,
 * the app server), memory.mjs (RSS sampling), requests.mjs (account, upload, download), measure.mjs
 * (one driver's measures), report.mjs (the table).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reportMissed } from '../bench-support.mjs';
import { BUCKET, FILE_SIZE, drivers } from './config.mjs';
import { measureDriver } from './measure.mjs';
import { report } from './report.mjs';
import { startS3rver } from './servers.mjs';
import { writeTestFile } from './test-file.mjs';

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
