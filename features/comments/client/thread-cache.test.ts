// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_THREADS_KEY } from '@/shared/browser-storage/keys';
import type { TaskComment } from '../model/protocol';
import { cachedThread, rememberThread, THREAD_CACHE_MAX, THREAD_CACHE_MAX_COMMENTS } from './thread-cache';

function comment(id: string, task = 't1'): TaskComment {
  return {
    id,
    task,
    authorId: 'u1',
    authorName: 'Ana',
    body: `text ${id}`,
    mentions: [],
    createdAt: '2026-11-27T00:00:00.000Z',
    editedAt: null,
    deletedAt: null,
  };
}

const NOW = new Date('2026-11-27T08:00:00.000Z');

beforeEach(() => {
  localStorage.clear();
});

describe('the offline copy of comment threads', () => {
  it('gives back the thread as read, with when, to the same person only', () => {
    rememberThread('u1', { uid: 't1', comments: [comment('a')], readers: ['u1', 'u2'] }, NOW);
    expect(cachedThread('u1', 't1')).toEqual({
      uid: 't1',
      comments: [comment('a')],
      readers: ['u1', 'u2'],
      savedAt: NOW.toISOString(),
    });
    expect(cachedThread('u1', 't2')).toBeNull();
    expect(cachedThread('u2', 't1')).toBeNull();
  });

  it('keeps one person’s threads: another account signed in here starts afresh', () => {
    rememberThread('u1', { uid: 't1', comments: [comment('a')], readers: null }, NOW);
    rememberThread('u2', { uid: 't2', comments: [comment('b', 't2')], readers: null }, NOW);
    expect(cachedThread('u1', 't1')).toBeNull();
    expect(cachedThread('u2', 't2')?.comments).toHaveLength(1);
  });

  it(`keeps the ${THREAD_CACHE_MAX} read last, and a thread's first ${THREAD_CACHE_MAX_COMMENTS} comments`, () => {
    for (let i = 0; i <= THREAD_CACHE_MAX; i += 1) {
      rememberThread('u1', { uid: `t${i}`, comments: [comment(`c${i}`, `t${i}`)], readers: null }, NOW);
    }
    // The oldest read, t0, is the one dropped.
    expect(cachedThread('u1', 't0')).toBeNull();
    expect(cachedThread('u1', `t${THREAD_CACHE_MAX}`)).not.toBeNull();
    const long = Array.from({ length: THREAD_CACHE_MAX_COMMENTS + 5 }, (_, i) => comment(`x${i}`));
    rememberThread('u1', { uid: 't1', comments: long, readers: null }, NOW);
    expect(cachedThread('u1', 't1')?.comments).toHaveLength(THREAD_CACHE_MAX_COMMENTS);
    expect(JSON.parse(localStorage.getItem(COMMENT_THREADS_KEY)!).threads).toHaveLength(THREAD_CACHE_MAX);
  });

  it('reads nothing from damaged data, and leaves out comments that do not read', () => {
    localStorage.setItem(COMMENT_THREADS_KEY, '{not json');
    expect(cachedThread('u1', 't1')).toBeNull();
    localStorage.setItem(
      COMMENT_THREADS_KEY,
      JSON.stringify({
        user: 'u1',
        threads: [
          {
            uid: 't1',
            comments: [comment('a'), { id: 'broken' }],
            readers: null,
            savedAt: NOW.toISOString(),
          },
          { uid: 't2', comments: 'nope', readers: null, savedAt: NOW.toISOString() },
        ],
      }),
    );
    expect(cachedThread('u1', 't1')?.comments).toEqual([comment('a')]);
    expect(cachedThread('u1', 't2')).toBeNull();
  });
});
