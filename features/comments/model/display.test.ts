import { describe, expect, it } from 'vitest';
import type { TaskComment } from './protocol';
import { commentCountLabel, mergeComments } from './display';
import { relativeTimeRefreshMs, relativeTimeText } from '@/shared/format/relative-time';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const MIN = 60_000;

describe('relativeTimeText', () => {
  it.each([
    [0, 'just now'],
    [-30_000, 'just now'],
    [59_999, 'just now'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [23 * 60 * MIN + 59 * MIN, '23 hours ago'],
    [24 * 60 * MIN, '1 day ago'],
    [6 * 24 * 60 * MIN, '6 days ago'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(relativeTimeText(NOW - ago, NOW)).toBe(text);
  });

  it('names the date from a week on, with the year only when it is another year', () => {
    expect(relativeTimeText(Date.UTC(2026, 10, 3, 12), NOW)).toBe('Nov 3');
    expect(relativeTimeText(Date.UTC(2025, 2, 4, 12), NOW)).toBe('Mar 4, 2025');
  });

  it('refreshes when the text can next change', () => {
    expect(relativeTimeRefreshMs(NOW - 10_000, NOW)).toBe(50_000);
    expect(relativeTimeRefreshMs(NOW - 90 * MIN, NOW)).toBe(30 * MIN);
  });
});

function comment(id: string, createdAt: string, body = id): TaskComment {
  return {
    id,
    task: 't1',
    authorId: 'u1',
    authorName: 'Ana',
    body,
    mentions: [],
    createdAt,
    editedAt: null,
    deletedAt: null,
  };
}

describe('mergeComments', () => {
  it('replaces by id, adds the new ones, and keeps the thread oldest first (ties by id)', () => {
    const thread = [comment('b', '2026-01-01T00:00:01Z'), comment('c', '2026-01-01T00:00:02Z')];
    const merged = mergeComments(thread, [
      comment('c', '2026-01-01T00:00:02Z', 'edited'),
      comment('a', '2026-01-01T00:00:01Z'),
      comment('d', '2026-01-01T00:00:00Z'),
      comment('b', '2026-01-01T00:00:01Z'),
    ]);
    expect(merged.map((item) => item.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(merged[3]!.body).toBe('edited');
  });

  it('returns the same thread when nothing came', () => {
    const thread = [comment('a', '2026-01-01T00:00:00Z')];
    expect(mergeComments(thread, [])).toBe(thread);
  });
});

describe('commentCountLabel', () => {
  it('says one comment and several comments', () => {
    expect(commentCountLabel(1)).toBe('1 comment');
    expect(commentCountLabel(3)).toBe('3 comments');
  });
});
