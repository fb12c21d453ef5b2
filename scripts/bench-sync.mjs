/**
 * `npm run bench:sync`: what team sync costs with 5,000 tasks, on the production build (run
 * `npm run build` first). Not part of `npm test`; prints figures, no targets.
 *
 * Starts the standalone server (scripts/start.sh) with TEAM_SYNC=on on 127.0.0.1, on a fresh SQLite
 * file, or with `--postgres <url>` on a fresh database `tasklane_bench_sync` of that server. A member
 * uploads 5,000 tasks (4-word titles, 22-word descriptions) in pushes of 200, then reports:
 * - push throughput: operations per second for those 25 pushes, and one-operation pushes per second;
 * - the admin's first full pull: pages, bytes (raw and gzipped), milliseconds (median of the runs);
 * - one drag (a one-field push): request bytes and milliseconds (median);
 * - the pull that brings that drag to the admin: bytes and milliseconds (median).
 * Usage: npm run bench:sync [-- --runs 5 --tasks 5000 --postgres postgresql://postgres@127.0.0.1:5432/postgres]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  argValue,
  median,
  newTaskUpsert,
  registerAccount,
  spawnServer,
  syncServerEnv,
} from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3372);
const base = `http://127.0.0.1:${port}`;
const runs = Number(argValue('--runs') ?? 5);
const taskCount = Number(argValue('--tasks') ?? 5_000);
const postgresUrl = argValue('--postgres');
const PUSH_SIZE = 200;
const WORDS =
  'plan review draft ship budget venue client report sprint design roadmap invoice launch backlog metrics hiring onboarding release audit feedback'.split(
    ' ',
  );

let counter = 0;
/** A clock stamp as features/sync/model/hlc.ts writes them: wall ms, counter, node. */
const stamp = () =>
  `${String(Date.now()).padStart(15, '0')}-${String(counter++ % 1e6).padStart(6, '0')}-bench`;
const words = (/** @type {number} */ count, /** @type {number} */ seed) =>
  Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');

async function freshPostgresDatabase(/** @type {string} */ url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop database if exists tasklane_bench_sync with (force)');
  await client.query('create database tasklane_bench_sync');
  await client.end();
  const target = new URL(url);
  target.pathname = '/tasklane_bench_sync';
  return target.toString();
}

async function startServer(/** @type {string} */ dataDir) {
  const databaseUrl = postgresUrl
    ? await freshPostgresDatabase(postgresUrl)
    : `file:${path.join(dataDir, 'tasklane.db')}`;
  return spawnServer(['scripts/start.sh'], syncServerEnv({ port, dataDir, databaseUrl }), base);
}

async function register(/** @type {string} */ fullName, /** @type {'user' | 'admin'} */ role) {
  return (await registerAccount(base, { fullName, role })).token;
}

/** POST /api/sync/push; returns the request's size and time. */
async function push(/** @type {string} */ token, /** @type {unknown[]} */ ops) {
  const body = JSON.stringify({ clientId: 'bench-client', ops });
  const started = performance.now();
  const response = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const answer = /** @type {{ acks?: string[] }} */ (await response.json());
  const ms = performance.now() - started;
  if (response.status !== 200 || answer.acks?.length !== ops.length)
    throw new Error(`push: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return { bytes: Buffer.byteLength(body), ms };
}

/** Walks GET /api/sync/pull from `cursor` to the end; returns pages, bytes, ms and the last cursor. */
async function pullAll(/** @type {string} */ token, /** @type {string} */ cursor) {
  let pages = 0;
  let bytes = 0;
  let gzipBytes = 0;
  let rows = 0;
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=500`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`pull: ${response.status} ${text.slice(0, 300)}`);
    const page = /** @type {{ changes: unknown[], cursor: string, more: boolean }} */ (JSON.parse(text));
    pages += 1;
    bytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text).length;
    rows += page.changes.length;
    cursor = page.cursor;
    if (!page.more) break;
  }
  return { pages, bytes, gzipBytes, rows, ms: performance.now() - started, cursor };
}

function newTaskOp(/** @type {number} */ index) {
  return newTaskUpsert(
    {
      title: words(4, index),
      description: words(22, index + 1),
      priority: ['High', 'Medium', 'Low'][index % 3],
      deadline: `2027-0${(index % 9) + 1}-1${index % 10}`,
      progress: index % 101,
      assignedTo: 'Bench Member',
      email: 'bench-member@example.com',
    },
    stamp(),
  );
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-sync-'));
const stop = await startServer(dataDir);
try {
  const adminToken = await register('Bench Admin', 'admin');
  const memberToken = await register('Bench Member', 'user');

  const ops = Array.from({ length: taskCount }, (_, index) => newTaskOp(index));
  const uploadStarted = performance.now();
  for (let i = 0; i < ops.length; i += PUSH_SIZE) await push(memberToken, ops.slice(i, i + PUSH_SIZE));
  const uploadMs = performance.now() - uploadStarted;

  const smallPushMs = [];
  for (let i = 0; i < 100; i++) {
    const target = ops[i % ops.length];
    const { ms: took } = await push(memberToken, [
      {
        opId: randomUUID(),
        uid: target.uid,
        baseV: 0,
        kind: 'upsert',
        fields: { progress: { value: i, hlc: stamp() } },
      },
    ]);
    smallPushMs.push(took);
  }

  const fullPulls = [];
  for (let run = 0; run < runs; run++) fullPulls.push(await pullAll(adminToken, '0:'));
  const full = fullPulls[0];
  let cursor = full.cursor;

  const dragPushes = [];
  const dragPulls = [];
  for (let run = 0; run < runs; run++) {
    const target = ops[run];
    dragPushes.push(
      await push(memberToken, [
        {
          opId: randomUUID(),
          uid: target.uid,
          baseV: 0,
          kind: 'upsert',
          fields: { column: { value: run % 2 ? 'In Progress' : 'Completed', hlc: stamp() } },
        },
      ]),
    );
    const pulled = await pullAll(adminToken, cursor);
    cursor = pulled.cursor;
    dragPulls.push(pulled);
  }

  console.log(
    `Team sync cost, ${taskCount.toLocaleString('en-US')} tasks, ${postgresUrl ? 'PostgreSQL' : 'SQLite'}:`,
  );
  console.log(
    `  upload in pushes of ${PUSH_SIZE}: ${ms(uploadMs)} total, ${Math.round((taskCount / uploadMs) * 1000)} operations/s`,
  );
  console.log(
    `  one-operation pushes: median ${ms(median(smallPushMs))}, ${Math.round(1000 / median(smallPushMs))} pushes/s in sequence`,
  );
  console.log(
    `  admin's first full pull: ${full.rows} rows in ${full.pages} pages, ${kb(full.bytes)} raw, ${kb(full.gzipBytes)} gzipped, median ${ms(median(fullPulls.map((pull) => pull.ms)))}`,
  );
  console.log(
    `  one drag's push: ${dragPushes[0].bytes} B, median ${ms(median(dragPushes.map((sent) => sent.ms)))}`,
  );
  console.log(
    `  the pull bringing it to the admin: ${dragPulls[0].bytes} B, median ${ms(median(dragPulls.map((pull) => pull.ms)))}`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
}
