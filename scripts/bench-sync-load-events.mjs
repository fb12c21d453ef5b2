/**
 * The pure part of the comments phase of `npm run bench:sync-load` (scripts/bench-sync-load-comments.mjs):
 * which comments to send, and how the events the streams read are matched to what caused them.
 */

/**
 * @typedef {{ index: number, owner: number, assignee: number }} CommentTask a pushed task (index into
 *   the pushes) and its owner's and assignee's indexes into the bench's users (0 is the admin)
 * @typedef {CommentTask & { author: number }} ScheduledComment
 * @typedef {{ user: number, comments: { task: string | null, at: number }[] }} CommentStream
 * @typedef {ScheduledComment & { id: string, uid: string, body: string, sentAt: number, status: number,
 *   answerMs: number, detail: string }} SentComment
 */

/**
 * `total` comments on `tasks` in turn (each task gets one every tasks.length / rate seconds, so a
 * late event cannot be taken for the next comment's); the k-th on a task is written by its owner
 * when k is even, by its assignee when odd (both may see it).
 * @param {CommentTask[]} tasks
 * @param {number} total
 * @returns {ScheduledComment[]}
 */
export function commentSchedule(tasks, total) {
  if (tasks.length === 0) return [];
  return Array.from({ length: total }, (_, i) => {
    const task = /** @type {CommentTask} */ (tasks[i % tasks.length]);
    const round = Math.floor(i / tasks.length);
    return { ...task, author: round % 2 === 0 ? task.owner : task.assignee };
  });
}

/** The most comments one account writes in `schedule`. */
export function mostByOneAuthor(/** @type {ScheduledComment[]} */ schedule) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const { author } of schedule) counts.set(author, (counts.get(author) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/**
 * Matches each stored comment (201) to the `comments` events of its entitled streams (the task's
 * owner's, assignee's and the admin's). A stream hears of a task's comments in the order they were
 * committed, which is the order of the task's thread (`order`: each task's comment ids as
 * GET /api/sync/comments lists them; a comment missing there follows in sending order): the k-th
 * event naming a task is the k-th comment of its thread. (Sending order would hold only while every
 * write kept its place: a PUT held up longer than the task's spacing would take the next comment's
 * event and hide its own delay.) An event read before its comment was sent cannot be its: that
 * comment counts as lost and the event as unexplained.
 * @param {SentComment[]} sent
 * @param {CommentStream[]} streams
 * @param {Map<string, string[]>} [order]
 */
export function commentDeliveries(sent, streams, order = new Map()) {
  /** @type {number[]} */
  const latencies = [];
  let lost = 0;
  let unexplained = 0;
  let notEntitled = 0;
  let anyThread = 0;
  /** @type {Map<string, number>} */
  const place = new Map();
  for (const ids of order.values()) ids.forEach((id, i) => place.set(id, i));
  /** @type {Map<string, SentComment[]>} the stored comments of each task, in commit order */
  const byTask = new Map();
  /** @type {Map<string, number[]>} the users entitled to each task's events */
  const entitled = new Map();
  for (const comment of [...sent].sort((a, b) => a.sentAt - b.sentAt)) {
    entitled.set(comment.uid, [0, comment.owner, comment.assignee]);
    if (comment.status === 201) byTask.set(comment.uid, [...(byTask.get(comment.uid) ?? []), comment]);
  }
  const rank = (/** @type {SentComment} */ comment) => place.get(comment.id) ?? Infinity;
  for (const comments of byTask.values()) comments.sort((a, b) => rank(a) - rank(b) || a.sentAt - b.sentAt);
  for (const stream of streams) {
    /** @type {Map<string, number[]>} */
    const heard = new Map();
    for (const event of stream.comments) {
      if (event.task === null) anyThread += 1;
      else heard.set(event.task, [...(heard.get(event.task) ?? []), event.at]);
    }
    for (const [task, times] of heard) {
      if (!entitled.get(task)?.includes(stream.user)) notEntitled += times.length;
      else if (!byTask.has(task)) unexplained += times.length;
    }
    for (const [task, comments] of byTask) {
      if (!entitled.get(task)?.includes(stream.user)) continue;
      const times = heard.get(task) ?? [];
      comments.forEach((comment, k) => {
        const at = times[k];
        if (at === undefined || at < comment.sentAt) lost += 1;
        if (at !== undefined && at < comment.sentAt) unexplained += 1;
        if (at !== undefined && at >= comment.sentAt) latencies.push(at - comment.sentAt);
      });
      unexplained += Math.max(0, times.length - comments.length);
    }
  }
  latencies.sort((a, b) => a - b);
  return { latencies, lost, unexplained, notEntitled, anyThread };
}

/** The index of the first entry of `prefixMax` (the running maximum of a stream's pokes) ≥ seq. */
export function firstAtLeast(/** @type {number[]} */ prefixMax, /** @type {number} */ seq) {
  let low = 0;
  let high = prefixMax.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (prefixMax[middle] >= seq) high = middle;
    else low = middle + 1;
  }
  return low;
}
