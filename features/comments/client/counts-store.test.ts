import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchCommentCounts = vi.fn<() => Promise<{ counts: Record<string, number> }>>();
vi.mock('@/features/comments/client/comments-api', () => ({
  fetchCommentCounts: () => fetchCommentCounts(),
}));

const { announceComments } = await import('@/shared/realtime/live-comments');
const { commentCountsSnapshot, setCommentCount, subscribeCommentCounts } = await import('./counts-store');

beforeEach(() => {
  vi.useFakeTimers();
  fetchCommentCounts.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the comment counts store', () => {
  it('loads when the first card subscribes, and once more for a burst of comments events', async () => {
    fetchCommentCounts.mockResolvedValueOnce({ counts: { a: 2 } });
    const changed = vi.fn();
    const stop = subscribeCommentCounts(changed);
    const second = subscribeCommentCounts(() => undefined);
    await vi.waitFor(() => expect(commentCountsSnapshot()).toEqual({ a: 2 }));
    expect(fetchCommentCounts).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalled();

    fetchCommentCounts.mockResolvedValueOnce({ counts: { a: 3, b: 1 } });
    announceComments('a');
    announceComments(null);
    announceComments('b');
    await vi.advanceTimersByTimeAsync(300);
    await vi.waitFor(() => expect(commentCountsSnapshot()).toEqual({ a: 3, b: 1 }));
    expect(fetchCommentCounts).toHaveBeenCalledTimes(2);

    // A thread just read tells its count without a request; 0 takes the task out.
    setCommentCount('b', 0);
    setCommentCount('c', 4);
    expect(commentCountsSnapshot()).toEqual({ a: 3, c: 4 });
    expect(fetchCommentCounts).toHaveBeenCalledTimes(2);

    stop();
    second();
    // Nobody listens: events ask nothing.
    announceComments('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchCommentCounts).toHaveBeenCalledTimes(2);
  });

  it('keeps what it showed when the request fails', async () => {
    const before = commentCountsSnapshot();
    fetchCommentCounts.mockRejectedValueOnce(new Error('offline'));
    const stop = subscribeCommentCounts(() => undefined);
    await vi.waitFor(() => expect(fetchCommentCounts).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(commentCountsSnapshot()).toBe(before);
    stop();
  });
});
