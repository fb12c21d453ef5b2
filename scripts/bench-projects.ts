/**
 * `npm run bench:projects [-- --runs 200 --only sqlite|postgres]`: projects at a team's scale
 * (docs/decisions/0049-projects.md), through the real route handlers on a throw-away database:
 * SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. It seeds 50 projects of 1,000 tasks
 * each (50,000 tasks, 20 % open) and a member who is a member of 10 projects, a commenter in 10, and
 * sees only their own tasks in General; then reports p50 / p99 over `runs` requests, as that member,
 * of a pull page of 500 from the start, an incremental pull, the summary (the counts) and the
 * projects list; and, five times, how long a role change that removes the member from a project of
 * 1,000 tasks takes to reach them: from the manager's request to the end of the member's next pull,
 * which lists those tasks in `gone` (what their browsers do when the live stream pokes them).
 * `--browser [--switches 5 --profile DIR]`: instead of the requests, the same data on the production
 * build (run `npm run build` first; BENCH_PORT, 3341 by default), and in the member's browser,
 * once its replica is filled, `switches` clicks on another of their projects in the sidebar, each
 * timed from the click to the first card of that project's board painted (median and max;
 * scripts/bench-projects-browser.ts).
 */
import { availableParallelism, loadavg } from 'node:os';
import {
  arg,
  benchEnvironment,
  onBenchDatabases,
  percentile,
  seededRandom,
  timeRequests,
} from './bench-databases';
import { measureProjectSwitches, summarise } from './bench-projects-browser';

const runs = Number(arg('--runs')) || 200;
const browser = process.argv.includes('--browser');
const switches = Number(arg('--switches')) || 5;
const port = Number(process.env.BENCH_PORT ?? 3341);
const PROJECTS = 50;
const TASKS_PER_PROJECT = 1_000;
const WARM_UP = 10;
const ROLE_CHANGES = 5;
const DAY_MS = 24 * 60 * 60_000;
const TASKS_PER_PUSH = 50;
/** Issue 36's bar: switching project → first card, median of 5. */
const SWITCH_TARGET_MS = 400;

const dir = benchEnvironment('projects', { teamSync: true });

async function main(): Promise<void> {
  if (browser) {
    console.log(
      `Projects in the browser: ${PROJECTS} × ${TASKS_PER_PROJECT.toLocaleString('en-US')} tasks, as a member of 10 and commenter in 10; production build, ${switches} switches from one project's board to the next in the sidebar, Node ${process.version}`,
    );
    await onBenchDatabases(dir, `tasklane_bench_projects_${process.pid}`, benchDialect);
    return;
  }
  console.log(
    `Projects: ${PROJECTS} × ${TASKS_PER_PROJECT.toLocaleString('en-US')} tasks, as a member of 10 and commenter in 10; ${runs} requests per figure after ${WARM_UP} warm-ups, Node ${process.version}`,
  );
  console.log('| database | request | rows | p50 ms | p99 ms |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  await onBenchDatabases(dir, `tasklane_bench_projects_${process.pid}`, benchDialect);
}

async function benchDialect(name: string, url: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const { resetEnvCache } = await import('@/server/env');
  resetEnvCache();
  const { closeDatabase, getDatabase } = await import('@/server/db');
  const { GET: pullRoute } = await import('@/app/api/sync/pull/route');
  const { GET: summaryRoute } = await import('@/app/api/sync/summary/route');
  const { GET: projectsRoute } = await import('@/app/api/projects/route');
  const { PUT: putMember, DELETE: deleteMember } =
    await import('@/app/api/projects/[id]/members/[userId]/route');
  const { POST: loginRoute } = await import('@/app/api/auth/login/route');
  const { benchDescription, benchTask, seedBenchPeople, benchPeople } = await import('./bench-task-rows');
  const { eq, sql } = await import('drizzle-orm');

  const handle = await getDatabase();
  const { db, tables } = handle;
  const now = new Date();
  const users = benchPeople();
  const memberToken = await seedBenchPeople(users, now, 1);
  const member = users[1]!;
  const adminToken = await signIn(users[0]!.email);

  // 49 projects besides General: the member is a member of the first 10 and a commenter in the next 10.
  const projectIds = ['general', ...Array.from({ length: PROJECTS - 1 }, (_, index) => `p-${index}`)];
  await db.insert(tables.projects).values(
    projectIds.slice(1).map((id, index) => ({
      id,
      key: projectKey(index),
      name: `Project ${index}`,
      teamRole: null,
      nextNumber: TASKS_PER_PROJECT + 1,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await db.insert(tables.projectMembers).values(
    projectIds.slice(1, 21).map((projectId, index) => ({
      projectId,
      userId: member.id,
      role: index < 10 ? ('member' as const) : ('commenter' as const),
      createdAt: now,
    })),
  );
  const lastSeq = Math.ceil((PROJECTS * TASKS_PER_PROJECT) / TASKS_PER_PUSH);
  await seed();
  if (browser) {
    await closeDatabase();
    await switchInBrowser(name, url, member, memberToken);
    return;
  }

  const call = async (
    handler: (request: Request, context: never) => Promise<Response>,
    path: string,
    token: string,
    init: RequestInit = {},
    params?: Record<string, string>,
  ) => {
    const response = await handler(
      new Request(`http://bench.local${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': '192.0.2.1',
          'content-type': 'application/json',
        },
      }),
      (params ? { params: Promise.resolve(params) } : {}) as never,
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

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
    ['summary (the counts)', summaryRoute, '/api/sync/summary', (b) => b.total as number],
    ['projects list', projectsRoute, '/api/projects', (b) => (b.projects as []).length],
  ];
  for (const [label, handler, query, rows] of cases) {
    const { answer, p50, p99 } = await timeRequests(() => call(handler, query, memberToken), runs, WARM_UP);
    console.log(`| ${name} | ${label} | ${rows(answer).toLocaleString('en-US')} | ${p50} | ${p99} |`);
  }

  // A role change that takes 1,000 tasks away: removal from project p-0, then the member's pull.
  const reach: number[] = [];
  let gone = 0;
  for (let index = 0; index < ROLE_CHANGES; index++) {
    const params = { id: 'p-0', userId: member.id };
    const path = `/api/projects/p-0/members/${member.id}`;
    if (index > 0) {
      await call(
        putMember,
        path,
        adminToken,
        { method: 'PUT', body: JSON.stringify({ role: 'member' }) },
        params,
      );
    }
    const cursor = (
      await call(pullRoute, `/api/sync/pull?cursor=${lastSeq + 2 * index}:&recent=1`, memberToken)
    ).cursor as string;
    const start = performance.now();
    await call(deleteMember, path, adminToken, { method: 'DELETE' }, params);
    let next = cursor;
    gone = 0;
    for (;;) {
      const page = await call(
        pullRoute,
        `/api/sync/pull?cursor=${encodeURIComponent(next)}&recent=1`,
        memberToken,
      );
      gone += (page.gone as string[]).length;
      next = page.cursor as string;
      if (!page.more) break;
    }
    reach.push(performance.now() - start);
  }
  console.log(
    `| ${name} | role removed from a project of ${TASKS_PER_PROJECT.toLocaleString('en-US')} tasks → the member's pull (median / max of ${ROLE_CHANGES}) | ${gone.toLocaleString('en-US')} gone | ${percentile(reach, 0.5).toFixed(1)} | ${Math.max(...reach).toFixed(1)} |`,
  );
  await closeDatabase();

  async function signIn(email: string): Promise<string> {
    const response = await loginRoute(
      new Request('http://bench.local/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.2' },
        body: JSON.stringify({ email, password: 'bench-password' }),
      }),
      {} as never,
    );
    return ((await response.json()) as { token: string }).token;
  }

  /** 1,000 tasks in each project, as pushes of TASKS_PER_PUSH would have stored them. */
  async function seed(): Promise<void> {
    const next = seededRandom(7);
    const rows = [];
    const total = PROJECTS * TASKS_PER_PROJECT;
    for (let index = 0; index < total; index++) {
      const projectId = projectIds[index % PROJECTS]!;
      const open = next() < 0.2;
      const { row } = benchTask({
        index,
        seq: Math.floor(index / TASKS_PER_PUSH) + 1,
        description: benchDescription(next),
        progress: open ? Math.floor(next() * 100) : 100,
        owner: users[index % users.length]!,
        assignee: users[(index + 1) % users.length]!,
        createdMs: now.getTime() - 400 * DAY_MS + index * 1000,
        completedMs: open ? null : now.getTime() - Math.floor(next() * 365 * DAY_MS),
        extra: { projectId, number: Math.floor(index / PROJECTS) + 1 },
      });
      rows.push(row);
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(tables.syncTasks).values(rows.slice(start, start + 500));
    }
    // The keys a push writes as it numbers a task, so the server's start-up pass has none to give.
    const keys = rows.map((row, index) => ({
      projectId: projectIds[index % PROJECTS]!,
      number: Math.floor(index / PROJECTS) + 1,
      taskUid: row.uid,
      createdAt: now,
    }));
    for (let start = 0; start < keys.length; start += 500) {
      await db.insert(tables.taskKeys).values(keys.slice(start, start + 500));
    }
    await db
      .update(tables.projects)
      .set({ nextNumber: TASKS_PER_PROJECT + 1 })
      .where(eq(tables.projects.id, 'general'));
    await db
      .insert(tables.syncState)
      .values({ id: 1, lastSeq, gcFloorSeq: 0, assigneesBound: true })
      .onConflictDoUpdate({ target: tables.syncState.id, set: { lastSeq } });
    if (handle.dialect === 'postgres') await db.execute(sql`vacuum analyze sync_tasks`);
  }
}

/** The key of project `index` (after General): PAA, PAB… */
function projectKey(index: number): string {
  return `P${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
}

/**
 * `--browser`: the member's browser on the production server over the seeded database, switching
 * from the board of the first project they are a member of to each next one (PAA → PAB…).
 */
async function switchInBrowser(
  name: string,
  url: string,
  member: { email: string; fullName: string },
  token: string,
): Promise<void> {
  const run = await measureProjectSwitches({
    databaseName: name,
    databaseUrl: url,
    dataDir: dir,
    port,
    member,
    token,
    keys: Array.from({ length: switches + 1 }, (_, index) => projectKey(index)),
    profileDir: arg('--profile'),
  });
  const figures = summarise(run);
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `${name}: first sync ${(run.firstSyncMs / 1000).toFixed(1)} s, ${run.held.toLocaleString('en-US')} tasks in the browser; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  );
  for (const entry of run.switches) {
    console.log(
      `  → ${entry.key}: first card painted ${ms(entry.painted)} ms (in the DOM ${ms(entry.seen)}; server answer ${ms(entry.serverAnswer)}, board render start ${ms(entry.renderStart)}; longest task ${ms(entry.longest)})${entry.onScreen ? '' : ' — the card was below the fold'}`,
    );
  }
  console.log(
    `  switch → first card painted: median ${ms(figures.painted)} ms, max ${ms(figures.worst)} ms (medians: in the DOM ${ms(figures.seen)}, server answer ${ms(figures.serverAnswer)}, board render start ${ms(figures.renderStart)}; longest task ${ms(figures.longest)})${figures.painted > SWITCH_TARGET_MS ? ` — over the ${SWITCH_TARGET_MS} ms bar` : ''}`,
  );
  for (const line of run.profile) console.log(line);
  if (figures.painted > SWITCH_TARGET_MS) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
