/**
 * `npm run bench:history [-- --runs 200 --rows 100000 --only sqlite|postgres]`: a task's history
 * (GET /api/sync/tasks/{uid}/history) when one task's op log is as long as one member can make it
 * within the push budget (about 100,000 rows in 7 minutes: issue 34 §3), through the real route
 * handlers (token check, rate limit, queries, derivation, JSON) on a throw-away database: SQLite
 * always, PostgreSQL too when TEST_DATABASE_URL is set (a database of its own, dropped afterwards).
 *
 * It seeds one task straight into sync_tasks and `--rows` op-log rows into sync_changes, as pushes
 * store them: two people taking turns (seven pushes each), each push a progress step and the
 * bookkeeping `updatedAt`, every third one the title too, every 25th the status, 4 ms apart (the
 * 100,000 rows span under 7 minutes, so one person's steps join into runs). Then, p50 / p99 over
 * `runs` requests (after warm-ups) of:
 *   - `/api/health` every 10 ms alone (the reference), each timed from when it was due,
 *   - the first page of the history (50 entries), and a deep page (`before` in the middle of the log),
 *   - `/api/health` while history pages are read back to back in the same process: the server has
 *     one event loop, so a history request that blocks it delays the health check by as much.
 * Each history figure also gives the process's CPU time per request (median): on a shared machine
 * wall time includes waiting for a core, CPU time mostly does not.
 * Target (issue 34): history p99 ≤ 100 ms, and /api/health unaffected meanwhile. It prints the
 * figures and exits 1 when the history target is missed; it is not part of `npm test`.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { arg, benchDatabases, benchEnvironment, percentile } from './bench-databases';

const runs = Number(arg('--runs')) || 200;
const rowCount = Number(arg('--rows')) || 100_000;
const WARM_UP = 3;
const STEP_MS = 4;
const TARGET_P99_MS = 100;

const dir = benchEnvironment('history', { teamSync: true });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let missed = false;

async function main(): Promise<void> {
  const only = arg('--only');
  const dialects = await benchDatabases(dir, `tasklane_bench_history_${process.pid}`, only);
  console.log(
    `Task history with ${rowCount.toLocaleString('en-US')} op-log rows on one task, ${runs} requests per figure after ${WARM_UP} warm-ups, Node ${process.version}`,
  );
  // CPU: the process's CPU time per request (median), which a busy machine inflates less than wall time.
  console.log('| database | request | entries | p50 ms | p99 ms | max ms | CPU p50 ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  try {
    for (const dialect of dialects) await benchDialect(dialect.name, dialect.url);
  } finally {
    for (const dialect of dialects) await dialect.drop?.();
    rmSync(dir, { recursive: true, force: true });
  }
  if (missed) {
    console.log(`Missed: history p99 ≤ ${TARGET_P99_MS} ms`);
    process.exitCode = 1;
  }
}

async function benchDialect(name: string, url: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const { resetEnvCache } = await import('@/server/env');
  resetEnvCache();
  const { closeDatabase, getDatabase } = await import('@/server/db');
  const { GET: historyRoute } = await import('@/app/api/sync/tasks/[uid]/history/route');
  const { GET: healthRoute } = await import('@/app/api/health/route');
  const { formatArchiveCursor } = await import('@/features/sync/server/store/archive-cursor');
  const { formatHlc } = await import('@/features/sync/model/hlc');
  const { benchTaskRow, seedBenchPeople } = await import('./bench-task-rows');
  const { sql } = await import('drizzle-orm');

  const handle = await getDatabase();
  const { db, tables } = handle;
  const now = new Date();
  const users = ['Ana Owner', 'Ben Helper'].map((fullName, index) => ({
    id: randomUUID(),
    fullName,
    email: `history${index}@example.com`,
    role: 'user' as const,
  }));
  const token = await seedBenchPeople(users, now);

  // Seeding: one task, `rowCount` pushes of one operation each.
  const uid = 'bench-history-task';
  const startMs = now.getTime() - rowCount * STEP_MS - 60_000;
  const [ana, ben] = users as [(typeof users)[0], (typeof users)[0]];
  const rowIds: string[] = [];
  let batch: (typeof tables.syncChanges.$inferInsert)[] = [];
  for (let index = 0; index < rowCount; index++) {
    const atMs = startMs + index * STEP_MS;
    const who = Math.floor(index / 7) % 2 === 0 ? ana : ben;
    const hlc = formatHlc({ wall: atMs, counter: 0, node: who === ana ? 'ana-pc' : 'ben-pc' });
    const values: Record<string, unknown> =
      index === 0
        ? { title: 'Plan', progress: 0, status: 'To Do', assigneeId: ben.id, assignedTo: ben.fullName }
        : {
            progress: index % 100,
            ...(index % 3 === 0 ? { title: `Plan ${index}` } : {}),
            ...(index % 25 === 0 ? { status: index % 50 === 0 ? 'In Progress' : 'To Do' } : {}),
          };
    values.updatedAt = new Date(atMs).toISOString();
    const id = randomUUID();
    rowIds.push(id);
    batch.push({
      id,
      seq: index + 1,
      taskUid: uid,
      userId: who.id,
      clientId: who === ana ? 'ana-pc' : 'ben-pc',
      opId: `op-${index}`,
      kind: 'upsert',
      outcome: 'applied',
      payload: JSON.stringify({
        baseV: index,
        fields: Object.fromEntries(Object.entries(values).map(([field, value]) => [field, { value, hlc }])),
      }),
      createdAt: new Date(atMs),
    });
    if (batch.length === 500) {
      await db.insert(tables.syncChanges).values(batch);
      batch = [];
    }
  }
  if (batch.length) await db.insert(tables.syncChanges).values(batch);
  await db.insert(tables.syncTasks).values({
    ...benchTaskRow({
      index: 0,
      seq: rowCount,
      ownerId: ana.id,
      assigneeId: ben.id,
      values: { title: 'Plan', progress: 0, assigneeId: ben.id, assignedTo: ben.fullName },
      createdMs: startMs,
      updatedMs: startMs + rowCount * STEP_MS,
    }),
    uid,
  });
  await db
    .insert(tables.syncState)
    .values({ id: 1, lastSeq: rowCount, gcFloorSeq: 0, assigneesBound: true })
    .onConflictDoUpdate({ target: tables.syncState.id, set: { lastSeq: rowCount } });
  if (handle.dialect === 'postgres') await db.execute(sql`vacuum analyze sync_changes`);

  const request = (pathAndQuery: string) =>
    new Request(`http://bench.local${pathAndQuery}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' },
    });
  const history = async (query: string) => {
    const response = await historyRoute(request(`/api/sync/tasks/${uid}/history${query}`), {
      params: Promise.resolve({ uid }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`history${query}: ${response.status} ${text}`);
    return JSON.parse(text) as { entries: unknown[]; next: string | null };
  };
  const health = async () => {
    const response = await healthRoute();
    if (response.status !== 200) throw new Error(`health: ${response.status}`);
    await response.text();
  };
  const report = (
    label: string,
    entries: number | string,
    samples: number[] & { cpu?: number[] },
    target?: number,
  ) => {
    const p99 = percentile(samples, 0.99);
    if (target !== undefined && p99 > target) missed = true;
    const cpu = samples.cpu ? percentile(samples.cpu, 0.5).toFixed(1) : '–';
    console.log(
      `| ${name} | ${label} | ${entries} | ${percentile(samples, 0.5).toFixed(1)} | ${p99.toFixed(1)} | ${Math.max(...samples).toFixed(1)} | ${cpu} |`,
    );
  };
  /** Wall time of each run, and the process's CPU time (user + system) meanwhile. */
  const measure = async (run: () => Promise<unknown>) => {
    for (let index = 0; index < WARM_UP; index++) await run();
    const samples: number[] = [];
    const cpu: number[] = [];
    for (let index = 0; index < runs; index++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      await run();
      const used = process.cpuUsage(cpuStart);
      samples.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
    return Object.assign(samples, { cpu });
  };

  /** Health checks every 10 ms while `work` runs, each timed from when it was due. */
  const healthChecksDuring = async (work: () => Promise<unknown>) => {
    let working = true;
    const samples: number[] = [];
    const checks = (async () => {
      while (working) {
        // From when the check is due: an event loop blocked by a request delays it by as much.
        const due = performance.now() + 10;
        await sleep(10);
        await health();
        samples.push(performance.now() - due);
      }
    })();
    await work();
    working = false;
    await checks;
    return samples;
  };
  report(
    '/api/health every 10 ms, alone',
    '–',
    await healthChecksDuring(() => sleep(Math.max(2000, runs * 10))),
  );
  const first = await history('');
  report('history, first page', first.entries.length, await measure(() => history('')), TARGET_P99_MS);
  // A page from the middle of the log: `before` an entry of the row half-way (its time, its id).
  const middle = Math.floor(rowCount / 2);
  const deep = `?before=${formatArchiveCursor(startMs + middle * STEP_MS, `c_${rowIds[middle]}_00`)}`;
  const deepPage = await history(deep);
  report('history, deep page', deepPage.entries.length, await measure(() => history(deep)), TARGET_P99_MS);
  const second = first.next ? `?before=${first.next}` : '';
  report(
    'history, second page',
    (await history(second)).entries.length,
    await measure(() => history(second)),
    TARGET_P99_MS,
  );

  // /api/health every 10 ms while history pages (first, deep) are read back to back.
  const historySamples: number[] = [];
  const healthSamples = await healthChecksDuring(async () => {
    for (let index = 0; index < runs; index++) {
      const start = performance.now();
      await history(index % 2 === 0 ? '' : deep);
      historySamples.push(performance.now() - start);
      // Yield a moment, as requests arriving over the network would.
      await sleep(1);
    }
  });
  report('history pages while health is checked', '–', historySamples, TARGET_P99_MS);
  report('/api/health during history reads', '–', healthSamples);
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
