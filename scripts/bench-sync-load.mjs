/**
 * `npm run bench:sync-load`: team sync's live streams under load, on the production build (run
 * `npm run build` first), bounded and on 127.0.0.1 only. Not part of `npm test`; exits 1 on any error,
 * lost change or comment event, or memory growth after the streams are closed.
 *
 * Starts the standalone server (scripts/start.sh) with TEAM_SYNC=on on a fresh SQLite file, or with
 * `--postgres <url>` on a fresh database `tasklane_bench_sync_load` of that server (dropped after).
 * Registers an admin and `--members` members, opens `--streams` streams (a tenth the admin's, the
 * rest spread over the members; fetch, as the browser reads them), then for `--seconds` sends
 * `--rate` pushes a second on a fixed schedule (not waiting for answers): each a new task owned by
 * one member and assigned to another, so three users are entitled to it (owner, assignee, admin).
 * Then, on the same streams, for `--seconds` sends `--comment-rate` comments a second (0: none) on
 * the first `--comment-tasks` of those tasks in turn (scripts/bench-sync-load-comments.mjs: comment →
 * event latency, lost events, every thread read back); the server's comment-write limit is raised
 * to what the busiest author writes in the run, or set with `--comment-limit N` (30: the product's);
 * `--profile` samples the server's CPU during the comments and prints where its time went.
 * Reports:
 * - each push's answer time p50/p99, and push → poke latency p50/p99/max over every entitled stream of every push (from sending the push
 *   to that stream reading a poke with its number or a later one);
 * - the server's CPU time a push (and a comment), from /proc: the share of a core the rate needs;
 * - errors: failed pushes, streams that ended or failed, server log lines at warn or error (after
 *   start-up);
 * - lost changes: entitled streams never poked, and tasks missing from an entitled user's full pull
 *   after the run (or with another title);
 * - the server's resident memory (VmRSS): before the streams open, with them open, the peak under
 *   load, after closing them, and after 3 more rounds of opening and closing them all;
 * - leaks, through the server's inspector (on 127.0.0.1, for this run only): its JavaScript heap
 *   after a full garbage collection at those points, which must end within 4 MB of where it was
 *   before the streams opened (RSS alone cannot tell a leak from a heap V8 has not shrunk yet), and the number
 *   of streams in its hub, which must be 0 once they are closed; on PostgreSQL, exactly one LISTEN
 *   connection must remain;
 * - the comments phase's figures (bench-sync-load-comments.mjs).
 * Needs WebSocket (Node 22, or Node 20 with --experimental-websocket, which the npm script passes).
 * Usage: npm run bench:sync-load [-- --seconds 60 --rate 20 --streams 200 --members 20
 *   --comment-rate 20 --comment-tasks 100 --comment-limit 30 --profile
 *   --postgres postgresql://postgres@127.0.0.1:5432/postgres]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { argValue, newTaskUpsert, registerAccount } from './bench-support.mjs';
import {
  checkThreads,
  commentReport,
  PRODUCT_COMMENT_LIMIT,
  sendComments,
} from './bench-sync-load-comments.mjs';
import {
  commentDeliveries,
  commentSchedule,
  firstAtLeast,
  mostByOneAuthor,
} from './bench-sync-load-events.mjs';
import { openStreams, pullEverything } from './bench-sync-load-streams.mjs';
import {
  cpuMs,
  describeError,
  listenerConnections,
  percentile,
  rssMb,
  sleep,
  startServer,
  withPostgres,
} from './bench-sync-load-server.mjs';

const seconds = Number(argValue('--seconds') ?? 60);
const rate = Number(argValue('--rate') ?? 20);
const streamCount = Number(argValue('--streams') ?? 200);
const memberCount = Number(argValue('--members') ?? 20);
const postgresUrl = argValue('--postgres');
const commentRate = Number(argValue('--comment-rate') ?? 20);
const commentTaskCount = Number(argValue('--comment-tasks') ?? 100);
const commentLimitArg = argValue('--comment-limit');
const profile = process.argv.includes('--profile');
const DATABASE = 'tasklane_bench_sync_load';
/**
 * How far the heap after a full collection may end above where it was before the streams opened:
 * 1,000 streams opened and closed by then, so a leak of 4 kB a stream would show.
 */
const GROWTH_BOUND_MB = 4;
const RECLOSE_ROUNDS = 3;

const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-bench-sync-load-'));
let databaseUrl = `file:${path.join(dataDir, 'tasklane.db')}`;
if (postgresUrl) {
  await withPostgres(postgresUrl, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  const target = new URL(postgresUrl);
  target.pathname = `/${DATABASE}`;
  databaseUrl = target.toString();
}

/** The owner and the assignee of the `index`th pushed task (indexes into the users; 0 is the admin). */
function ownerAndAssignee(/** @type {number} */ index) {
  const owner = 1 + (index % memberCount);
  return { index, owner, assignee: 1 + ((owner + (index % (memberCount - 1))) % memberCount) };
}

// The comments phase's plan, known before the server starts so its comment-write limit can fit it.
const commentTasks = Array.from({ length: Math.min(commentTaskCount, Math.round(seconds * rate)) }, (_, i) =>
  ownerAndAssignee(i),
);
const schedule = commentSchedule(commentTasks, Math.round(seconds * commentRate));
const mostByOne = mostByOneAuthor(schedule);
const commentLimit =
  commentLimitArg === undefined ? Math.max(PRODUCT_COMMENT_LIMIT, mostByOne + 1) : Number(commentLimitArg);

const server = await startServer(dataDir, databaseUrl, { RATE_LIMIT_COMMENT_MAX: String(commentLimit) });
const { base } = server;
// What the server logged while starting (the SMTP notice of a server without mail) is not the load's.
const startupLines = server.logged.length;
const errors = { pushes: 0, streams: 0, pulls: 0 };
/** @type {string[]} */
const errorSamples = [];
const noteError = (/** @type {keyof typeof errors} */ kind, /** @type {string} */ detail) => {
  errors[kind] += 1;
  if (errorSamples.length < 10) errorSamples.push(`${kind}: ${detail}`);
};

function register(/** @type {string} */ fullName, /** @type {'user' | 'admin'} */ role) {
  return registerAccount(base, { fullName, role });
}

/** Opens the bench's streams (bench-sync-load-streams.mjs); a failing one counts as an error. */
function openAll(/** @type {{ token: string }[]} */ users) {
  return openStreams({ base, streamCount, users, onError: (detail) => noteError('streams', detail) });
}
function newTaskOp(
  /** @type {number} */ index,
  /** @type {{ id: string, fullName: string, email: string }} */ assignee,
) {
  const hlc = `${String(Date.now()).padStart(15, '0')}-${String(index % 1e6).padStart(6, '0')}-load`;
  return newTaskUpsert(
    {
      title: `Load task ${index}`,
      description: 'Pushed by the load bench',
      priority: 'Medium',
      deadline: '2099-01-01',
      progress: 0,
      assignedTo: assignee.fullName,
      // By id: a name alone binds only its writer (docs/product.md#assignees).
      assigneeId: assignee.id,
      email: assignee.email,
      column: 'To Do',
    },
    hlc,
  );
}

/** One push of a task (not one of the run's), one comment on it and a read of its thread, all checked. */
async function warmUp(/** @type {{ token: string, fullName: string, email: string }[]} */ users) {
  const [owner, assignee] = [users[1], users[2] ?? users[1]];
  const op = newTaskOp(Math.round(seconds * rate), assignee);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` };
  const answers = [
    await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ clientId: 'load-warm-up', ops: [op] }),
    }),
    await fetch(`${base}/api/sync/comments/${randomUUID()}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ task: op.uid, body: 'Warm-up comment' }),
    }),
    await fetch(`${base}/api/sync/comments?task=${op.uid}`, { headers: auth }),
  ];
  const statuses = answers.map((answer) => answer.status).join(', ');
  if (statuses !== '200, 201, 200') throw new Error(`warm-up answered ${statuses}`);
}

/** Every task `token` can see (bench-sync-load-streams.mjs pullAll); a failed page counts as an error. */
function pullAll(/** @type {string} */ token) {
  return pullEverything(base, token, (detail) => noteError('pulls', detail));
}

const mb = (/** @type {number} */ value) => `${value.toFixed(1)} MB`;

try {
  const users = [await register('Load Admin', 'admin')];
  for (let i = 0; i < memberCount; i++) users.push(await register(`Load Member ${i + 1}`, 'user'));

  // Warm-up: the routes loaded and compiled (one push, one comment, its thread, a pull), one round
  // of streams opened and closed; the measured figures start after.
  for (const stream of await openAll(users)) stream.close();
  await warmUp(users);
  await pullAll(users[1].token);
  await sleep(3_000);
  const rssBefore = rssMb(server.pid);
  const heapBefore = await server.inspector.heapMb();

  const streams = await openAll(users);
  await sleep(1_000);
  const rssOpen = rssMb(server.pid);
  const hubOpen = await server.inspector.hubSize();
  let rssPeak = rssOpen;

  /** @type {{ index: number, owner: number, assignee: number, sentAt: number, seq: number, title: string, uid: string }[]} */
  const pushes = [];
  /** @type {Promise<void>[]} */
  const inFlight = [];
  /** @type {number[]} */
  const pushMs = [];
  const total = Math.round(seconds * rate);
  // The machine's 1-minute load average around the run: figures from a busy machine are not comparable.
  const loadAtStart = loadavg()[0];
  const started = performance.now();
  const cpuAtStart = cpuMs(server.pid);
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 1_000);
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const { owner, assignee } = ownerAndAssignee(index);
    const op = newTaskOp(index, users[assignee]);
    const entry = {
      index,
      owner,
      assignee,
      sentAt: performance.now(),
      seq: 0,
      title: `Load task ${index}`,
      uid: op.uid,
    };
    pushes.push(entry);
    inFlight.push(
      (async () => {
        try {
          const response = await fetch(`${base}/api/sync/push`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${users[owner].token}` },
            body: JSON.stringify({ clientId: `load-member-${owner}`, ops: [op] }),
          });
          const answer = /** @type {{ seq?: number, acks?: string[] }} */ (await response.json());
          if (response.status !== 200 || answer.acks?.length !== 1 || !answer.seq)
            throw new Error(`${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
          entry.seq = answer.seq;
          pushMs.push(performance.now() - entry.sentAt);
        } catch (error) {
          noteError(
            'pushes',
            `${describeError(error)} after ${(performance.now() - entry.sentAt).toFixed(0)} ms`,
          );
        }
      })(),
    );
  }
  const sendingMs = performance.now() - started;
  await Promise.all(inFlight);
  const drainMs = performance.now() - started - sendingMs;
  const cpuPerPush = (cpuMs(server.pid) - cpuAtStart) / total;
  const loadAtEnd = loadavg()[0];
  await sleep(2_000);

  // Latency and lost pokes, per entitled stream of every push.
  const prefixMaxima = streams.map((stream) => {
    let max = -1;
    return stream.pokes.map((poke) => (max = Math.max(max, poke.seq)));
  });
  /** @type {number[]} */
  const latencies = [];
  let missedPokes = 0;
  for (const push of pushes) {
    if (!push.seq) continue;
    streams.forEach((stream, s) => {
      if (![0, push.owner, push.assignee].includes(stream.user)) return;
      const at = firstAtLeast(prefixMaxima[s], push.seq);
      if (at >= stream.pokes.length) missedPokes += 1;
      else latencies.push(stream.pokes[at].at - push.sentAt);
    });
  }
  latencies.sort((a, b) => a - b);
  pushMs.sort((a, b) => a - b);

  // Comments on the same streams, then their events matched and their threads read back.
  /** @type {ReturnType<typeof commentReport> | null} */
  let comments = null;
  let loadAfterComments = NaN;
  /** @type {string[]} */
  let profileLines = [];
  if (schedule.length > 0) {
    const tokens = users.map((user) => user.token);
    const uidOf = (/** @type {number} */ index) => /** @type {(typeof pushes)[number]} */ (pushes[index]).uid;
    const cpuBefore = cpuMs(server.pid);
    if (profile) await server.inspector.startProfile();
    const run = await sendComments({ base, tokens, schedule, rate: commentRate, uidOf });
    const cpuPerComment = (cpuMs(server.pid) - cpuBefore) / schedule.length;
    if (profile) profileLines = await server.inspector.stopProfile();
    loadAfterComments = loadavg()[0];
    await sleep(2_000);
    const threads = await checkThreads(base, tokens, run.sent);
    comments = commentReport({
      ...run,
      rate: commentRate,
      seconds,
      taskCount: commentTasks.length,
      limit: commentLimit,
      limitChosen: commentLimitArg === undefined,
      mostByOne,
      cpuPerComment,
      postgres: Boolean(postgresUrl),
      deliveries: commentDeliveries(run.sent, streams, threads.order),
      threads,
    });
  }
  clearInterval(sampler);

  for (const stream of streams) stream.close();
  await sleep(3_000);
  const rssClosed = rssMb(server.pid);
  const heapClosed = await server.inspector.heapMb();
  const hubClosed = await server.inspector.hubSize();

  // Lost changes: each user's full pull after the run holds every task they are entitled to.
  let missingTasks = 0;
  for (let user = 0; user < users.length; user++) {
    const seen = await pullAll(users[user].token);
    for (const push of pushes) {
      if (!push.seq || (user !== 0 && user !== push.owner && user !== push.assignee)) continue;
      if (seen.get(push.uid) !== push.title) missingTasks += 1;
    }
  }

  // No growth once streams are closed: more rounds of opening and closing them all.
  /** @type {number[]} */
  const heapRounds = [];
  for (let round = 0; round < RECLOSE_ROUNDS; round++) {
    for (const stream of await openAll(users)) stream.close();
    await sleep(1_000);
    heapRounds.push(await server.inspector.heapMb());
  }
  const rssAfterRounds = rssMb(server.pid);
  const heapAfterRounds = heapRounds.at(-1) ?? NaN;
  const hubAfterRounds = await server.inspector.hubSize();
  const listeners = postgresUrl ? await listenerConnections(databaseUrl) : null;

  const serverProblems = server.logged
    .slice(startupLines)
    .filter((line) => /"level":"(warn|error)"/.test(line));
  const pushed = pushes.filter((push) => push.seq).length;
  console.log(
    `Team sync under load, ${postgresUrl ? 'PostgreSQL' : 'SQLite'}: ${streamCount} streams (${users.length - 1} members and an admin), ${rate} pushes/s for ${seconds} s`,
  );
  console.log(
    `  machine load average (1 min): ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} after the pushes${comments ? `, ${loadAfterComments.toFixed(1)} after the comments` : ''}`,
  );
  console.log(
    `  pushes: ${pushed} of ${total} applied, sent over ${(sendingMs / 1000).toFixed(1)} s (${((total * 1000) / sendingMs).toFixed(1)}/s), the last answered ${drainMs.toFixed(0)} ms after the last was sent; answered in p50 ${percentile(pushMs, 50).toFixed(1)} ms, p99 ${percentile(pushMs, 99).toFixed(1)} ms`,
  );
  console.log(
    `  server CPU time: ${cpuPerPush.toFixed(1)} ms a push, ${((cpuPerPush * rate) / 10).toFixed(0)} % of a core at ${rate}/s (the server process's, pokes included${postgresUrl ? "; PostgreSQL's apart" : ''})`,
  );
  console.log(
    `  push → poke, ${latencies.length} entitled stream deliveries: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
  );
  console.log(
    `  errors: ${errors.pushes} pushes, ${errors.streams} streams, ${errors.pulls} pulls, ${serverProblems.length} server warn/error lines`,
  );
  console.log(
    `  lost: ${missedPokes} entitled streams never poked, ${missingTasks} tasks missing from entitled pulls`,
  );
  console.log(
    `  server memory (RSS): ${mb(rssBefore)} before, ${mb(rssOpen)} with the streams open, ${mb(rssPeak)} peak under load, ${mb(rssClosed)} after closing them, ${mb(rssAfterRounds)} after ${RECLOSE_ROUNDS} more rounds of ${streamCount} opened and closed`,
  );
  console.log(
    `  server heap after a full collection: ${mb(heapBefore)} before, ${mb(heapClosed)} after closing the streams, ${heapRounds.map(mb).join(', ')} after each of the ${RECLOSE_ROUNDS} rounds`,
  );
  console.log(
    `  streams in the hub: ${hubOpen} open, ${hubClosed} after closing them, ${hubAfterRounds} after the rounds${listeners === null ? '' : `; LISTEN connections left: ${listeners}`}`,
  );
  for (const sample of [...errorSamples, ...serverProblems.slice(0, 5)]) console.log(`    ${sample}`);
  for (const line of comments?.lines ?? []) console.log(line);
  if (profileLines.length > 0)
    console.log('  where the server spent its busy time during the comments (self time, main thread):');
  for (const line of profileLines) console.log(`    ${line}`);

  const failures = [
    errors.pushes + errors.streams + errors.pulls + serverProblems.length > 0 && 'errors',
    missedPokes + missingTasks > 0 && 'lost changes',
    heapAfterRounds - heapBefore > GROWTH_BOUND_MB && `heap grew over ${GROWTH_BOUND_MB} MB`,
    (hubOpen !== streamCount || hubClosed !== 0 || hubAfterRounds !== 0) && 'hub size',
    listeners !== null && listeners !== 1 && 'LISTEN connections ≠ 1',
    ...(comments?.failures ?? []),
  ].filter(Boolean);
  if (failures.length > 0) {
    console.log(`Failed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  server.inspector.close();
  server.stop();
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl)
    await withPostgres(postgresUrl, (client) =>
      client.query(`drop database if exists ${DATABASE} with (force)`),
    );
}
