import { describe, expect, it } from 'vitest';
import {
  commentDeliveries,
  commentSchedule,
  firstAtLeast,
  mostByOneAuthor,
  type SentComment,
} from '@/scripts/bench-sync-load-events.mjs';

/** A comment on task `uid` (owner 1, assignee 2) sent at `sentAt`, answered `status`. */
function sent(uid: string, sentAt: number, status = 201): SentComment {
  return {
    index: 0,
    owner: 1,
    assignee: 2,
    author: 1,
    id: `${uid}-${sentAt}`,
    uid,
    body: '',
    sentAt,
    status,
    answerMs: 5,
    detail: '',
  };
}

/** The stream of user `user`, which heard of task `task` at each of `times`. */
function heard(user: number, task: string, ...times: number[]) {
  return { user, comments: times.map((at) => ({ task, at })) };
}

describe('commentSchedule', () => {
  it('goes over the tasks in turn, the owner writing the first round, the assignee the next', () => {
    const tasks = [
      { index: 0, owner: 1, assignee: 2 },
      { index: 1, owner: 3, assignee: 4 },
    ];
    expect(commentSchedule(tasks, 5).map(({ index, author }) => [index, author])).toEqual([
      [0, 1],
      [1, 3],
      [0, 2],
      [1, 4],
      [0, 1],
    ]);
    expect(commentSchedule([], 5)).toEqual([]);
  });

  it('counts the busiest author', () => {
    const schedule = commentSchedule([{ index: 0, owner: 1, assignee: 2 }], 5);
    expect(mostByOneAuthor(schedule)).toBe(3);
    expect(mostByOneAuthor([])).toBe(0);
  });
});

describe('commentDeliveries', () => {
  it('times each entitled stream from the PUT to the first event naming the task after it', () => {
    const result = commentDeliveries(
      [sent('a', 100)],
      [
        { user: 0, comments: [{ task: 'a', at: 130 }] },
        { user: 1, comments: [{ task: 'a', at: 110 }] },
        { user: 2, comments: [{ task: 'a', at: 150 }] },
        { user: 3, comments: [] },
      ],
    );
    expect(result).toEqual({
      latencies: [10, 30, 50],
      lost: 0,
      unexplained: 0,
      notEntitled: 0,
      anyThread: 0,
    });
  });

  it('counts an entitled stream never told as lost, and an event before the PUT explains nothing', () => {
    const result = commentDeliveries(
      [sent('a', 100)],
      [
        { user: 1, comments: [{ task: 'a', at: 90 }] },
        { user: 2, comments: [] },
      ],
    );
    expect(result).toMatchObject({ latencies: [], lost: 2, unexplained: 1 });
  });

  it("gives each comment of a task the event of its place in the task's thread, not in sending order", () => {
    // The comment sent at 100 was held up and committed after the one sent at 200.
    const result = commentDeliveries(
      [sent('a', 200), sent('a', 100)],
      [heard(1, 'a', 250, 260, 270)],
      new Map([['a', ['a-200', 'a-100']]]),
    );
    expect(result).toMatchObject({ latencies: [50, 160], lost: 0, unexplained: 1 });
  });

  it('falls back to sending order for comments the thread does not list', () => {
    const result = commentDeliveries([sent('a', 200), sent('a', 100)], [heard(1, 'a', 250, 260)]);
    expect(result).toMatchObject({ latencies: [60, 150], lost: 0, unexplained: 0 });
  });

  it('reports events on streams that may not see the task, and {"task":null} apart', () => {
    const result = commentDeliveries(
      [sent('a', 100)],
      [
        {
          user: 1,
          comments: [
            { task: 'a', at: 120 },
            { task: null, at: 130 },
          ],
        },
        { user: 2, comments: [{ task: 'a', at: 120 }] },
        { user: 3, comments: [{ task: 'a', at: 120 }] },
      ],
    );
    expect(result).toMatchObject({ lost: 0, notEntitled: 1, anyThread: 1, unexplained: 0 });
  });

  it('expects no event for a comment the server did not store, and explains none by it', () => {
    expect(commentDeliveries([sent('a', 100, 429)], [{ user: 1, comments: [] }])).toMatchObject({
      latencies: [],
      lost: 0,
    });
    expect(
      commentDeliveries([sent('a', 100, 429)], [{ user: 1, comments: [{ task: 'a', at: 120 }] }]),
    ).toMatchObject({ lost: 0, unexplained: 1, notEntitled: 0 });
  });
});

describe('firstAtLeast', () => {
  it('finds the first poke whose running maximum reaches the push', () => {
    const prefixMax = [3, 5, 5, 9];
    expect([1, 3, 4, 5, 6, 9, 10].map((seq) => firstAtLeast(prefixMax, seq))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(firstAtLeast([], 1)).toBe(0);
  });
});
