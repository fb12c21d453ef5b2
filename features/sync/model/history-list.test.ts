import { describe, expect, it } from 'vitest';
import { appendOlder, mergeNewest, type HistoryList } from './history-list';

/** An entry whose time sorts as its id does, unless given. */
const e = (id: string, at = `2026-01-01T00:00:0${id}`) => ({ id, at });
type E = ReturnType<typeof e>;
const list = (ids: string[], next: string | null, complete = true): HistoryList<E> => ({
  entries: ids.map((id) => e(id)),
  next,
  complete,
});

describe('appendOlder', () => {
  it('puts the older page after what is shown, once each, with its next and complete', () => {
    expect(
      appendOlder(list(['c', 'b'], 'n1'), { entries: [e('b'), e('a')], next: null, complete: false }),
    ).toEqual(list(['c', 'b', 'a'], null, false));
  });
});

describe('mergeNewest', () => {
  it('puts the new entries on top and keeps the older pages already read', () => {
    const shown = list(['d', 'c', 'b', 'a'], 'n2', false);
    expect(mergeNewest(shown, { entries: [e('f'), e('e'), e('d')], next: 'x', complete: false })).toEqual(
      list(['f', 'e', 'd', 'c', 'b', 'a'], 'n2', false),
    );
  });

  it('changes nothing when nothing is new', () => {
    const shown = list(['b', 'a'], 'n1');
    expect(mergeNewest(shown, { entries: [e('b'), e('a')], next: 'n1', complete: true })).toEqual(shown);
  });

  it('starts again from the first page when it does not reach what is shown (no gap)', () => {
    const shown = list(['b', 'a'], 'n1');
    expect(mergeNewest(shown, { entries: [e('z'), e('y')], next: 'ny', complete: true })).toEqual(
      list(['z', 'y'], 'ny'),
    );
  });

  it('takes a whole history (no next) as it is, dropping what the server no longer lists', () => {
    const shown = list(['b', 'a'], null, true);
    expect(mergeNewest(shown, { entries: [e('c'), e('b')], next: null, complete: false })).toEqual(
      list(['c', 'b'], null, false),
    );
  });

  it('takes the first page into an empty list', () => {
    expect(mergeNewest(list([], null), { entries: [e('a')], next: 'n', complete: true })).toEqual(
      list(['a'], 'n'),
    );
  });

  it('shows a grown run once, as it is now, and drops one the server no longer lists', () => {
    // Shown: c (Ana's run "0 → 60" at 2), b (at 1), a (at 0); the run grew to "0 → 80" and moved to 5,
    // b was a run that came back to where it started (left out now), d is new.
    const shown: HistoryList<E & { text?: string }> = {
      entries: [{ ...e('c', 't2'), text: '0 → 60' }, e('b', 't1'), e('a', 't0')],
      next: 'n1',
      complete: true,
    };
    expect(
      mergeNewest(shown, {
        entries: [{ ...e('c', 't5'), text: '0 → 80' }, e('d', 't4'), e('a', 't0')],
        next: 'n0',
        complete: true,
      }),
    ).toEqual({
      entries: [{ ...e('c', 't5'), text: '0 → 80' }, e('d', 't4'), e('a', 't0')],
      next: 'n1',
      complete: true,
    });
  });
});
