import { describe, expect, it } from 'vitest';
import { appendOlder, mergeNewest, type HistoryList } from './history-list';

const e = (id: string) => ({ id });
const list = (ids: string[], next: string | null, complete = true): HistoryList<{ id: string }> => ({
  entries: ids.map(e),
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
});
