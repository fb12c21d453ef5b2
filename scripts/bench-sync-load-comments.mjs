/**
 * The comments phase of `npm run bench:sync-load` (scripts/bench-sync-load.mjs), after its pushes and
 * on the same open streams: comments on tasks the pushes created, sent on a fixed schedule through
 * PUT /api/sync/comments/{id} (docs/product.md "Comments endpoints"), then
 * - comment → visible: from sending the PUT to each entitled stream (the task's owner's, its
 *   assignee's, the admin's) reading `event: comments` naming the task, p50/p99/max;
 * - each PUT's answer time p50/p99, its failures (429s apart, with the limit that refused them);
 * - lost events (an entitled stream never told), events no comment explains, events on streams that
 *   may not see the task, `{"task":null}` events (a PostgreSQL listener that reconnected);
 * - each task's thread read back (GET /api/sync/comments, every page): every comment stored once,
 *   with its text, and no other.
 */
import { randomUUID } from 'node:crypto';
import { describeError, percentile, sleep } from './bench-sync-load-server.mjs';

/**
 * @typedef {import('./bench-sync-load-events.mjs').ScheduledComment} ScheduledComment
 * @typedef {import('./bench-sync-load-events.mjs').SentComment} SentComment
 */

/** The product's comment-write limit per account a minute (server/env.ts RATE_LIMIT_COMMENT_MAX). */
export const PRODUCT_COMMENT_LIMIT = 30;

/**
 * Sends `schedule` at `rate` a second on a fixed schedule (not waiting for answers), each comment
 * on the task `uidOf(index)` names, as its author. Resolves once every PUT is answered.
 * @param {{ base: string, tokens: string[], schedule: ScheduledComment[], rate: number,
 *   uidOf: (index: number) => string }} options
 */
export async function sendComments({ base, tokens, schedule, rate, uidOf }) {
  /** @type {SentComment[]} */
  const sent = [];
  /** @type {Promise<void>[]} */
  const inFlight = [];
  const started = performance.now();
  for (const [i, planned] of schedule.entries()) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const uid = uidOf(planned.index);
    /** @type {SentComment} */
    const comment = {
      ...planned,
      id: randomUUID(),
      uid,
      body: `Load comment ${i} on task ${planned.index}`,
      sentAt: performance.now(),
      status: 0,
      answerMs: NaN,
      detail: '',
    };
    sent.push(comment);
    inFlight.push(
      (async () => {
        try {
          const response = await fetch(`${base}/api/sync/comments/${comment.id}`, {
            method: 'PUT',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[comment.author]}`,
            },
            body: JSON.stringify({ task: uid, body: comment.body }),
          });
          const answer = await response.text();
          comment.status = response.status;
          comment.answerMs = performance.now() - comment.sentAt;
          if (response.status !== 201) {
            const retry = response.headers.get('retry-after');
            comment.detail = `${response.status}${retry ? ` (Retry-After ${retry})` : ''} ${answer.slice(0, 200)}`;
          }
        } catch (error) {
          comment.detail = `${describeError(error)} after ${(performance.now() - comment.sentAt).toFixed(0)} ms`;
        }
      })(),
    );
  }
  const sendingMs = performance.now() - started;
  await Promise.all(inFlight);
  return { sent, sendingMs, drainMs: performance.now() - started - sendingMs };
}

/**
 * Reads back the thread of every task `sent` commented on (as the task's owner, every page) and
 * checks every stored comment (201) is there once with its text, and nothing else is; `order`:
 * each thread's comment ids, oldest first (the order their events went out in).
 * @param {string} base
 * @param {string[]} tokens
 * @param {SentComment[]} sent
 */
export async function checkThreads(base, tokens, sent) {
  const result = { threads: 0, comments: 0, missing: 0, repeated: 0, altered: 0, unexpected: 0, failed: 0 };
  /** @type {Map<string, string[]>} each thread's comment ids, oldest first */
  const order = new Map();
  /** @type {Map<string, SentComment[]>} */
  const byTask = new Map();
  for (const comment of sent) byTask.set(comment.uid, [...(byTask.get(comment.uid) ?? []), comment]);
  for (const [uid, comments] of byTask) {
    /** @type {{ id: string, body: string }[]} */
    const thread = [];
    let after = '';
    for (;;) {
      const query = `task=${encodeURIComponent(uid)}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const response = await fetch(`${base}/api/sync/comments?${query}`, {
        headers: { authorization: `Bearer ${tokens[/** @type {SentComment} */ (comments[0]).owner]}` },
      });
      if (response.status !== 200) {
        result.failed += 1;
        break;
      }
      const page = /** @type {{ comments: { id: string, body: string }[], next: string | null }} */ (
        await response.json()
      );
      thread.push(...page.comments);
      if (!page.next) break;
      after = page.next;
    }
    result.threads += 1;
    order.set(
      uid,
      thread.map((entry) => entry.id),
    );
    result.comments += thread.length;
    const stored = new Map(comments.filter((c) => c.status === 201).map((c) => [c.id, c]));
    for (const comment of stored.values()) {
      const copies = thread.filter((entry) => entry.id === comment.id);
      if (copies.length === 0) result.missing += 1;
      if (copies.length > 1) result.repeated += 1;
      if (copies.some((entry) => entry.body !== comment.body)) result.altered += 1;
    }
    result.unexpected += thread.filter((entry) => !stored.has(entry.id)).length;
  }
  return { ...result, order };
}

/** Where the comment-write limit of the run came from. */
function limitSource(/** @type {{ limit: number, limitChosen: boolean }} */ run) {
  if (!run.limitChosen) return '--comment-limit';
  if (run.limit === PRODUCT_COMMENT_LIMIT) return "the product's";
  return `raised from the product's ${PRODUCT_COMMENT_LIMIT} through RATE_LIMIT_COMMENT_MAX to fit the schedule and the warm-up's comment`;
}

/**
 * The phase's printed lines and the names of what failed. `limit`: the comment-write limit the
 * server ran with; `limitChosen`: whether the bench chose it to fit the schedule (then a 429 is a
 * failure; with `--comment-limit` it is what was asked for).
 * @param {{ sent: SentComment[], sendingMs: number, drainMs: number, rate: number, seconds: number,
 *   taskCount: number, limit: number, limitChosen: boolean, mostByOne: number, cpuPerComment: number, postgres: boolean,
 *   deliveries: ReturnType<typeof import('./bench-sync-load-events.mjs').commentDeliveries>, threads: Awaited<ReturnType<typeof checkThreads>> }} run
 */
export function commentReport(run) {
  const { sent, deliveries, threads } = run;
  const stored = sent.filter((comment) => comment.status === 201);
  const limited = sent.filter((comment) => comment.status === 429);
  const failed = sent.filter((comment) => comment.status !== 201 && comment.status !== 429);
  const answerMs = stored.map((comment) => comment.answerMs).sort((a, b) => a - b);
  const { latencies } = deliveries;
  const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
  const lines = [
    `Comments on the same streams: ${run.rate} a second for ${run.seconds} s on ${run.taskCount} tasks in turn (one on each every ${(run.taskCount / run.rate).toFixed(1)} s), by each task's owner and assignee in turn`,
    `  comment-write limit: ${run.limit} a minute per account (${limitSource(run)}; the busiest author writes ${run.mostByOne} in the run)`,
    `  comments: ${stored.length} of ${sent.length} stored (201), sent over ${(run.sendingMs / 1000).toFixed(1)} s (${((sent.length * 1000) / run.sendingMs).toFixed(1)}/s), the last answered ${run.drainMs.toFixed(0)} ms after the last was sent; PUT answered in p50 ${ms(percentile(answerMs, 50))}, p99 ${ms(percentile(answerMs, 99))}`,
    `  server CPU time: ${run.cpuPerComment.toFixed(1)} ms a comment, ${((run.cpuPerComment * run.rate) / 10).toFixed(0)} % of a core at ${run.rate}/s (the server process's, events included${run.postgres ? "; PostgreSQL's apart" : ''})`,
    `  comment → comments event, ${latencies.length} entitled stream deliveries: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
    `  comment errors: ${failed.length} failed PUTs, ${limited.length} refused with 429 (${limited.length === 0 ? 'none' : `the comment-write limit of ${run.limit} a minute per account refused those authors until their window ended`})`,
    `  comment events: ${deliveries.lost} entitled streams never told, ${deliveries.unexplained} events no comment explains, ${deliveries.notEntitled} on streams that may not see the task, ${deliveries.anyThread} {"task":null}`,
    `  threads read back: ${threads.threads} (${threads.comments} comments): ${threads.missing} stored comments missing, ${threads.repeated} there more than once, ${threads.altered} with other text, ${threads.unexpected} not stored by a 201, ${threads.failed} reads failed`,
  ];
  for (const comment of [...failed, ...limited].slice(0, 5)) lines.push(`    comment: ${comment.detail}`);
  const failures = [
    failed.length + threads.failed > 0 && 'comment errors',
    limited.length > 0 && run.limitChosen && 'comments refused (429)',
    deliveries.lost + threads.missing > 0 && 'lost comments',
    deliveries.notEntitled > 0 && 'comment events to streams that may not see the task',
    threads.repeated + threads.altered + threads.unexpected + deliveries.unexplained > 0 &&
      'comments repeated or altered',
  ].filter(Boolean);
  return { lines, failures };
}
