/**
 * `npm run bench:team-server [-- --runs 200 --sizes 5000,20000,50000 --only sqlite|postgres --as member]`: the team-sync reads that
 * must stay fast at a team's worth of tasks, through the real route handlers (token check, rate
 * limit, query, JSON) on a throw-away database: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (a database of its own, dropped afterwards). For each size it seeds the
 * tasks straight into sync_tasks (20 % open, the rest completed over the past year, 22-word
 * descriptions, derived columns as pushes write them) and reports p50 / p99 over `runs` requests as
 * the admin (who sees every task), or with `--as member` as a member who owns a sixth of them (the
 * reads then go through the visibility condition), of:
 *   - a pull page of 500 from the start with recent=1 (a browser's first walk),
 *   - an incremental pull with recent=1 (the last push's changes),
 *   - the summary (the admin dashboard's figures),
 *   - an archive page of 50, without a search, with a search that matches about one task in ten,
 *     and with one that matches nothing (every archived row is looked at).
 */
import { arg, benchEnvironment, onBenchDatabases, seededRandom, timeRequests } from './bench-databases';

const runs = Number(arg('--runs')) || 200;
const asMember = arg('--as') === 'member';
const sizes = (arg('--sizes') ?? '5000,20000,50000').split(',').map(Number);
const WARM_UP = 10;
const DAY_MS = 24 * 60 * 60_000;
/** Tasks per seeded "push": the sequence number goes up once per this many tasks. */
const TASKS_PER_PUSH = 50;

const dir = benchEnvironment('team', { teamSync: true });

/** A fixed vocabulary, so that a search for one of its words matches about one task in ten. */

async function main(): Promise<void> {
  console.log(
    `Team sync server reads as ${asMember ? 'a member' : 'the admin'}, ${runs} requests per figure after ${WARM_UP} warm-ups, Node ${process.version}`,
  );
  console.log('| database | tasks | request | rows | p50 ms | p99 ms |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  await onBenchDatabases(dir, `tasklane_bench_${process.pid}`, benchDialect);
}

async function benchDialect(name: string, url: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const { resetEnvCache } = await import('@/server/env');
  resetEnvCache();
  const { closeDatabase, getDatabase } = await import('@/server/db');
  const { GET: pullRoute } = await import('@/app/api/sync/pull/route');
  const { GET: archiveRoute } = await import('@/app/api/sync/archive/route');
  const { GET: summaryRoute } = await import('@/app/api/sync/summary/route');
  const {
    benchDescription,
    benchTask,
    seedBenchPeople,
    benchPeople,
    BENCH_WORDS: WORDS,
  } = await import('./bench-task-rows');
  const { sql } = await import('drizzle-orm');

  const handle = await getDatabase();
  const { db, tables } = handle;
  const now = new Date();
  const users = benchPeople();
  // `--as member`: a member who owns a sixth of the tasks reads through the visibility condition.
  const token = await seedBenchPeople(users, now, asMember ? 1 : 0);

  const get = async (handler: typeof pullRoute, pathAndQuery: string) => {
    const response = await handler(
      new Request(`http://bench.local${pathAndQuery}`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' },
      }),
      {} as never,
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  let seeded = 0;
  for (const size of sizes) {
    await seed(seeded, size);
    seeded = size;
    const lastSeq = Math.ceil(size / TASKS_PER_PUSH);
    const archivePage = (await get(archiveRoute, '/api/sync/archive')) as { next: string };
    const cases: [string, typeof pullRoute, string, (body: Record<string, unknown>) => number][] = [
      [
        'pull page of 500 from the start, recent=1',
        pullRoute,
        '/api/sync/pull?cursor=0:&recent=1',
        (b) => (b.changes as []).length,
      ],
      [
        'incremental pull, recent=1',
        pullRoute,
        `/api/sync/pull?cursor=${lastSeq - 1}:&recent=1`,
        (b) => (b.changes as []).length,
      ],
      ['summary', summaryRoute, '/api/sync/summary', (b) => (b.pending as []).length],
      ['archive page of 50', archiveRoute, '/api/sync/archive', (b) => (b.tasks as []).length],
      [
        'archive page 2 of 50',
        archiveRoute,
        `/api/sync/archive?before=${archivePage.next}`,
        (b) => (b.tasks as []).length,
      ],
      [
        'archive page, q matches ~1 in 10',
        archiveRoute,
        `/api/sync/archive?q=${WORDS[7]}`,
        (b) => (b.tasks as []).length,
      ],
      [
        'archive page, q matches nothing',
        archiveRoute,
        '/api/sync/archive?q=nomatch',
        (b) => (b.tasks as []).length,
      ],
    ];
    for (const [label, handler, query, rows] of cases) {
      const { answer, p50, p99 } = await timeRequests(() => get(handler, query), runs, WARM_UP);
      console.log(
        `| ${name} | ${size.toLocaleString('en-US')} | ${label} | ${rows(answer)} | ${p50} | ${p99} |`,
      );
    }
  }
  await closeDatabase();

  /** Adds tasks `from` … `to − 1`, as pushes of TASKS_PER_PUSH would have stored them. */
  async function seed(from: number, to: number): Promise<void> {
    const next = seededRandom(from + 1);
    const rows = [];
    for (let index = from; index < to; index++) {
      const open = next() < 0.2;
      const seq = Math.floor(index / TASKS_PER_PUSH) + 1;
      const createdMs = now.getTime() - 400 * DAY_MS + index * 1000;
      const completedMs = now.getTime() - Math.floor(next() * 365 * DAY_MS);
      const progress = open ? Math.floor(next() * 100) : 100;
      const owner = users[index % users.length]!;
      const assignee = users[(index + 1) % users.length]!;
      const { row } = benchTask({
        index,
        seq,
        description: benchDescription(next),
        progress,
        owner,
        assignee,
        createdMs,
        completedMs: open ? null : completedMs,
      });
      rows.push(row);
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(tables.syncTasks).values(rows.slice(start, start + 500));
    }
    const lastSeq = Math.ceil(to / TASKS_PER_PUSH);
    await db
      .insert(tables.syncState)
      .values({ id: 1, lastSeq, gcFloorSeq: 0, assigneesBound: true })
      .onConflictDoUpdate({ target: tables.syncState.id, set: { lastSeq } });
    // PostgreSQL's autovacuum vacuums and analyzes a table that grew this much within a minute (the
    // vacuum is what lets the counts read the index alone); do it now rather than wait.
    if (handle.dialect === 'postgres') await db.execute(sql`vacuum analyze sync_tasks`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
