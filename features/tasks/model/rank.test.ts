import { describe, expect, it } from 'vitest';
import { isRankKey, placeInColumn, rankOf, sortByRank } from './rank';

type Card = { id: string; rank?: string };

const ids = (cards: readonly Card[]) => cards.map((card) => card.id).join(' ');

/** The column after applying a placement's changes to `others` plus the moved card, sorted as the board does. */
function afterMove(others: Card[], moved: Card, index: number): Card[] {
  const changes = new Map(placeInColumn(others, moved.id, index).map((change) => [change.id, change.rank]));
  const all = [...others, moved].map((card) =>
    changes.has(card.id) ? { ...card, rank: changes.get(card.id) } : card,
  );
  return sortByRank(all);
}

describe('isRankKey', () => {
  it('accepts the keys the library writes and refuses anything else', () => {
    for (const key of ['a0', 'a1', 'a0V', 'Zz', 'b00', 'a0G']) expect(isRankKey(key)).toBe(true);
    for (const key of ['', 'a', '0a', 'a0-', 'a00', 'b0', 'A' + '0'.repeat(26), 'é0', 1, null, undefined]) {
      expect(isRankKey(key)).toBe(false);
    }
    expect(isRankKey('a0' + 'V'.repeat(200))).toBe(false);
  });

  it('rankOf ignores an unreadable rank', () => {
    expect(rankOf({ rank: 'a0' })).toBe('a0');
    expect(rankOf({ rank: 'not a key' })).toBeUndefined();
    expect(rankOf({})).toBeUndefined();
  });
});

describe('sortByRank', () => {
  it('keeps a list without ranks as it is (the same array: an upgrade changes nothing)', () => {
    const cards: Card[] = [{ id: '3' }, { id: '1' }, { id: '2' }];
    expect(sortByRank(cards)).toBe(cards);
  });

  it('puts ranked cards first by rank, ties by id, then the others in stored order', () => {
    const cards: Card[] = [
      { id: '9' },
      { id: 'b', rank: 'a1' },
      { id: '1' },
      { id: 'a', rank: 'a1' },
      { id: 'c', rank: 'a0' },
      { id: 'x', rank: 'bad key' },
    ];
    expect(ids(sortByRank(cards))).toBe('c a b 9 1 x');
  });

  it('returns the same array when it is already in order', () => {
    const cards: Card[] = [{ id: 'a', rank: 'a0' }, { id: 'b', rank: 'a1' }, { id: 'c' }];
    expect(sortByRank(cards)).toBe(cards);
  });

  it('compares code units, not the locale (upper case sorts before lower case)', () => {
    expect(
      ids(
        sortByRank([
          { id: 'a', rank: 'a0' },
          { id: 'b', rank: 'Zz' },
        ]),
      ),
    ).toBe('b a');
  });
});

describe('placeInColumn', () => {
  it('gives only the moved card a key between its ranked neighbours', () => {
    const others: Card[] = [
      { id: 'a', rank: 'a0' },
      { id: 'b', rank: 'a1' },
      { id: 'c', rank: 'a2' },
    ];
    const changes = placeInColumn(others, 'x', 1);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.id).toBe('x');
    expect(changes[0]!.rank > 'a0' && changes[0]!.rank < 'a1').toBe(true);
    expect(ids(afterMove(others, { id: 'x' }, 1))).toBe('a x b c');
  });

  it('places first and last with one key too', () => {
    const others: Card[] = [
      { id: 'a', rank: 'a0' },
      { id: 'b', rank: 'a1' },
    ];
    expect(placeInColumn(others, 'x', 0)).toHaveLength(1);
    expect(ids(afterMove(others, { id: 'x' }, 0))).toBe('x a b');
    expect(placeInColumn(others, 'x', 2)).toHaveLength(1);
    expect(ids(afterMove(others, { id: 'x' }, 2))).toBe('a b x');
  });

  it('keys the cards without a rank that must come before the moved card, and no others', () => {
    const others: Card[] = [{ id: 'a', rank: 'a0' }, { id: 'p' }, { id: 'q' }, { id: 'r' }];
    const changes = placeInColumn(others, 'x', 3);
    expect(changes.map((change) => change.id)).toEqual(['p', 'q', 'x']);
    expect(ids(afterMove(others, { id: 'x' }, 3))).toBe('a p q x r');
  });

  it('in a column no card was ever placed in, keys only the cards down to the drop', () => {
    const others: Card[] = [{ id: 'p' }, { id: 'q' }, { id: 'r' }];
    expect(placeInColumn(others, 'x', 0).map((change) => change.id)).toEqual(['x']);
    expect(ids(afterMove(others, { id: 'x' }, 0))).toBe('x p q r');
    expect(ids(afterMove(others, { id: 'x' }, 2))).toBe('p q x r');
  });

  it('moves between two cards holding the same key (two devices placed them at once)', () => {
    const others: Card[] = [
      { id: 'a', rank: 'a0' },
      { id: 'b', rank: 'a1' },
      { id: 'c', rank: 'a1' },
      { id: 'd', rank: 'a2' },
    ];
    const changes = placeInColumn(others, 'x', 2);
    expect(changes.map((change) => change.id)).toEqual(['x', 'c']);
    expect(ids(afterMove(others, { id: 'x' }, 2))).toBe('a b x c d');
  });

  it('clamps the index to the column', () => {
    expect(ids(afterMove([{ id: 'a', rank: 'a0' }], { id: 'x' }, 99))).toBe('a x');
    expect(ids(afterMove([{ id: 'a', rank: 'a0' }], { id: 'x' }, -3))).toBe('x a');
  });
});
