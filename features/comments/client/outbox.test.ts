// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/http/http';
import type { TaskComment } from '../model/protocol';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import {
  COMMENT_OUTBOX_KEY,
  commentOutboxStore,
  dropQueued,
  flushCommentOutbox,
  isUnreachable,
  markFailed,
  queueComment,
  queuedFor,
  type QueuedComment,
} from './outbox';

function queued(id: string, task = 't1', author = 'u1'): QueuedComment {
  return { id, task, author, body: `text ${id}`, mentions: [], queuedAt: '2026-11-27T00:00:00.000Z' };
}

beforeEach(() => {
  localStorage.clear();
});

describe('the outbox queue (pure)', () => {
  it('adds at the end, replaces by id, drops, marks a refusal, and lists an author’s for a task', () => {
    let queue = queueComment([], queued('a'));
    queue = queueComment(queue, queued('b', 't2'));
    queue = queueComment(queue, queued('c', 't1', 'u2'));
    queue = queueComment(queue, { ...queued('a'), body: 'again' });
    expect(queue.map((item) => item.id)).toEqual(['b', 'c', 'a']);
    expect(queuedFor(queue, 'u1', 't1').map((item) => item.body)).toEqual(['again']);
    expect(markFailed(queue, 'b', 'No.').find((item) => item.id === 'b')?.failed).toBe('No.');
    expect(dropQueued(queue, 'c').map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('queues what did not reach the server, not what it refused', () => {
    expect(isUnreachable(new ApiError('network', 'x'))).toBe(true);
    expect(isUnreachable(new ApiError('timeout', 'x'))).toBe(true);
    expect(isUnreachable(new ApiError('http', 'x', { status: 400 }))).toBe(false);
    expect(isUnreachable(new Error('x'))).toBe(false);
  });

  it('is kept in browser storage', () => {
    commentOutboxStore.write([queued('a')]);
    expect(JSON.parse(localStorage.getItem(COMMENT_OUTBOX_KEY)!)).toEqual([queued('a')]);
  });
});

describe('flushCommentOutbox', () => {
  const stored = {} as TaskComment;

  it('posts the author’s comments once each, oldest first, with their ids, and tells the thread', async () => {
    commentOutboxStore.write([
      queued('a'),
      queued('b', 't1', 'u2'),
      { ...queued('c', 't2'), mentions: ['u9'] },
    ]);
    const post = vi.fn(async () => stored);
    const told: (string | null)[] = [];
    const stop = onCommentsChanged((task) => told.push(task));
    await flushCommentOutbox('u1', post);
    stop();
    expect(post.mock.calls).toEqual([
      ['a', { task: 't1', body: 'text a' }],
      ['c', { task: 't2', body: 'text c', mentions: ['u9'] }],
    ]);
    expect(commentOutboxStore.read().map((item) => item.id)).toEqual(['b']);
    expect(told).toEqual(['t1', 't2']);
  });

  it('stops at the first that cannot be sent yet, and keeps a refused one with its message', async () => {
    commentOutboxStore.write([queued('a'), queued('b'), queued('c')]);
    const post = vi
      .fn<(id: string) => Promise<TaskComment>>()
      .mockRejectedValueOnce(
        new ApiError('http', 'This task was deleted. Restore it to comment on it.', {
          status: 409,
          body: { message: 'This task was deleted. Restore it to comment on it.' },
        }),
      )
      .mockRejectedValueOnce(new ApiError('network', 'offline'));
    await flushCommentOutbox('u1', post);
    expect(post).toHaveBeenCalledTimes(2);
    const queue = commentOutboxStore.read();
    expect(queue.map((item) => [item.id, item.failed])).toEqual([
      ['a', 'This task was deleted. Restore it to comment on it.'],
      ['b', undefined],
      ['c', undefined],
    ]);

    // Back online: the refused one is not sent again; the others go.
    post.mockReset();
    post.mockResolvedValue(stored);
    await flushCommentOutbox('u1', post);
    expect(post.mock.calls.map(([id]) => id)).toEqual(['b', 'c']);
    expect(commentOutboxStore.read().map((item) => item.id)).toEqual(['a']);
  });
});
