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
 * Matches each stored comment (201) to the `comments` events of its entitled streams: in sending
 * order, a comment takes the first event naming its task that the stream read after the PUT was
 * sent and that no earlier comment took.
 * @param {SentComment[]} sent
 * @param {CommentStream[]} streams
 */
export function commentDeliveries(sent, streams) {
  /** @type {number[]} */
  const latencies = [];
  let lost = 0;
  let unexplained = 0;
  let notEntitled = 0;
  let anyThread = 0;
  const stored = sent.filter((comment) => comment.status === 201).sort((a, b) => a.sentAt - b.sentAt);
  for (const stream of streams) {
    /** @type {Map<string, { at: number, taken: boolean }[]>} */
    const byTask = new Map();
    for (const event of stream.comments) {
      if (event.task === null) {
        anyThread += 1;
        continue;
      }
      const events = byTask.get(event.task) ?? [];
      events.push({ at: event.at, taken: false });
      byTask.set(event.task, events);
    }
    for (const comment of stored) {
      if (![0, comment.owner, comment.assignee].includes(stream.user)) continue;
      const match = byTask.get(comment.uid)?.find((event) => !event.taken && event.at >= comment.sentAt);
      if (!match) {
        lost += 1;
        continue;
      }
      match.taken = true;
      latencies.push(match.at - comment.sentAt);
    }
    const entitledTasks = new Set(
      stored.filter((c) => [0, c.owner, c.assignee].includes(stream.user)).map((c) => c.uid),
    );
    for (const [task, events] of byTask) {
      const left = events.filter((event) => !event.taken).length;
      if (entitledTasks.has(task)) unexplained += left;
      else notEntitled += left;
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
