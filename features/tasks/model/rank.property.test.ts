import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeInColumn, sortByRank } from './rank';

type Card = { id: string; rank?: string };

/** Applies a placement's changes to the cards (wherever they are stored). */
function apply(cards: readonly Card[], changes: readonly { id: string; rank: string }[]): Card[] {
  const byId = new Map(changes.map((change) => [change.id, change.rank]));
  return cards.map((card) => (byId.has(card.id) ? { ...card, rank: byId.get(card.id) } : card));
}

/** The board's move: `id` to `index` of the column as it is shown. */
function move(cards: readonly Card[], id: string, index: number): Card[] {
  const others = sortByRank([...cards]).filter((card) => card.id !== id);
  return apply(cards, placeInColumn(others, id, index));
}

const order = (cards: readonly Card[]) => sortByRank([...cards]).map((card) => card.id);

/** A column: 1–12 cards, each with or without a key from a small set (so ties happen). */
const column = fc
  .array(fc.option(fc.constantFrom('a0', 'a1', 'a2', 'a0V', 'Zz'), { nil: undefined }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((ranks) =>
    ranks.map((rank, index): Card => (rank === undefined ? { id: `t${index}` } : { id: `t${index}`, rank })),
  );

const moves = fc.array(fc.record({ pick: fc.nat(), to: fc.nat() }), { maxLength: 25 });

describe('order within a column (property)', () => {
  it('every move puts the card exactly where it was dropped, the others keeping their order', () => {
    fc.assert(
      fc.property(column, moves, (start, steps) => {
        let cards = start;
        for (const { pick, to } of steps) {
          const shown = order(cards);
          const id = shown[pick % shown.length]!;
          const index = to % shown.length;
          const expected = shown.filter((other) => other !== id);
          expected.splice(index, 0, id);
          cards = move(cards, id, index);
          expect(order(cards)).toEqual(expected);
        }
      }),
    );
  });

  it('the order is total and the same on every device, whatever order each stores the cards in', () => {
    fc.assert(
      fc.property(column, moves, fc.nat(), (start, steps, seed) => {
        // Two devices start from the same cards, all placed by earlier moves (no legacy cards).
        let cards: Card[] = start.map((card, index) => ({ ...card, rank: card.rank ?? `b0${index + 1}` }));
        for (const { pick, to } of steps) {
          const shown = order(cards);
          cards = move(cards, shown[pick % shown.length]!, to % shown.length);
        }
        const shuffled = [...cards].sort(
          (a, b) => ((a.id.charCodeAt(1) * 31 + seed) % 7) - ((b.id.charCodeAt(1) * 31 + seed) % 7),
        );
        expect(order(shuffled)).toEqual(order(cards));
        expect(new Set(order(cards)).size).toBe(cards.length);
      }),
    );
  });

  it('two people moving different cards at once both keep their move once merged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (size, pickA, toA, pickB, toB) => {
          // A column every card of which has a place (field-level merge: each card's rank is its own field).
          let start: Card[] = Array.from({ length: size }, (_, index) => ({ id: `t${index}` }));
          start = apply(start, placeInColumn(start.slice(1), 't0', 0));
          start = move(start, `t${size - 1}`, size - 1);
          for (let index = 1; index < size - 1; index++) start = move(start, `t${index}`, index);
          const shown = order(start);
          const a = shown[pickA % size]!;
          const b = shown.filter((id) => id !== a)[pickB % (size - 1)]!;
          const alice = move(start, a, toA % size);
          const bob = move(start, b, toB % size);
          // Each card's rank as the last writer left it: Alice's for what she moved, Bob's for his.
          const merged = start.map((card) =>
            card.id === a
              ? alice.find((c) => c.id === a)!
              : card.id === b
                ? bob.find((c) => c.id === b)!
                : card,
          );
          const final = order(merged);
          // Each moved card still sits between the neighbours it was dropped between (those not moved).
          for (const [mover, mine] of [
            [a, alice],
            [b, bob],
          ] as const) {
            const mineOrder = order(mine).filter((id) => (id !== a && id !== b) || id === mover);
            const at = mineOrder.indexOf(mover);
            const before = mineOrder[at - 1];
            const after = mineOrder[at + 1];
            if (before !== undefined) expect(final.indexOf(before)).toBeLessThan(final.indexOf(mover));
            if (after !== undefined) expect(final.indexOf(after)).toBeGreaterThan(final.indexOf(mover));
          }
        },
      ),
    );
  });
});
