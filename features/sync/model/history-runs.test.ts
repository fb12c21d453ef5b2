import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './history';
import { historySentence } from './history';
import { coalesceHistory, HISTORY_RUN_GAP_MS } from './history-runs';

const MIN = 60_000;
const names: Record<string, string> = { ana: 'Ana', ben: 'Ben' };

/** Entries given oldest first (as they happened); coalesceHistory takes and gives newest first. */
function run(oldestFirst: Omit<HistoryEntry, 'actorName'>[]): string[] {
  const entries = oldestFirst.map((e) => ({
    ...e,
    actorName: e.actorId ? names[e.actorId]! : 'Former member',
  }));
  return coalesceHistory([...entries].reverse()).map(historySentence);
}
let n = 0;
const change = (
  actorId: string | null,
  atMs: number,
  field: string,
  from: number | string,
  to: number | string,
) => ({ id: `c_${String(n++).padStart(4, '0')}`, kind: 'changed', actorId, atMs, field, from, to }) as const;

describe('coalesceHistory', () => {
  it('makes one person’s slider steps one entry, first old value to last new value, at the last step', () => {
    const steps = [0, 10, 20, 30, 40, 50, 60];
    const entries = steps.slice(1).map((to, i) => change('ana', 1_000 * i, 'progress', steps[i]!, to));
    expect(run(entries)).toEqual(['Ana changed progress 0 → 60']);
    const [merged] = coalesceHistory([...entries].reverse().map((e) => ({ ...e, actorName: 'Ana' })));
    expect(merged).toMatchObject({ id: entries[0]!.id, atMs: 5_000, from: 0, to: 60 });
  });

  it('ends a run after a pause longer than 5 minutes between two changes (not counted from the first)', () => {
    expect(
      run([
        change('ana', 0, 'progress', 0, 10),
        change('ana', 4 * MIN, 'progress', 10, 20),
        change('ana', 8 * MIN, 'progress', 20, 30),
        change('ana', 8 * MIN + HISTORY_RUN_GAP_MS + 1, 'progress', 30, 40),
      ]),
    ).toEqual(['Ana changed progress 30 → 40', 'Ana changed progress 0 → 30']);
    expect(
      run([change('ana', 0, 'progress', 0, 10), change('ana', HISTORY_RUN_GAP_MS, 'progress', 10, 20)]),
    ).toEqual(['Ana changed progress 0 → 20']);
  });

  it('never merges two people: another person’s entry in between ends the run', () => {
    expect(
      run([
        change('ana', 0, 'progress', 0, 10),
        change('ben', 1_000, 'title', 'A', 'B'),
        change('ana', 2_000, 'progress', 10, 20),
        change('ben', 3_000, 'progress', 20, 30),
        change('ben', 4_000, 'progress', 30, 40),
      ]),
    ).toEqual([
      'Ben changed progress 20 → 40',
      'Ana changed progress 10 → 20',
      'Ben changed title A → B',
      'Ana changed progress 0 → 10',
    ]);
  });

  it('keeps runs of different fields apart; the same person’s other fields in between do not end a run', () => {
    expect(
      run([
        change('ana', 0, 'progress', 0, 10),
        change('ana', 1_000, 'title', 'A', 'B'),
        change('ana', 2_000, 'progress', 10, 20),
        change('ana', 3_000, 'title', 'B', 'C'),
      ]),
    ).toEqual(['Ana changed title A → C', 'Ana changed progress 0 → 20']);
  });

  it('leaves out a run that ends where it started (0 → 60 → 0); a single change is always kept', () => {
    expect(
      run([
        change('ana', 0, 'progress', 0, 60),
        change('ana', 1_000, 'progress', 60, 0),
        change('ana', 2_000, 'title', 'A', 'B'),
      ]),
    ).toEqual(['Ana changed title A → B']);
  });

  it('keeps replaced values apart and lets them end a run; completion ends a progress run', () => {
    expect(
      run([
        change('ana', 0, 'progress', 0, 10),
        { id: 'k_1', kind: 'replaced', actorId: 'ana', atMs: 1_000, field: 'progress', to: 10 },
        change('ana', 2_000, 'progress', 10, 20),
        change('ana', 3_000, 'progress', 20, 80),
        { id: 'c_9_00', kind: 'completed', actorId: 'ana', atMs: 4_000 },
        { id: 'c_9_01', kind: 'reopened', actorId: 'ana', atMs: 5_000, to: 90 },
        change('ana', 6_000, 'progress', 90, 50),
      ]),
    ).toEqual([
      'Ana changed progress 90 → 50',
      'Ana reopened the task',
      'Ana completed the task',
      'Ana changed progress 10 → 80',
      "Ana's progress 10 was replaced",
      'Ana changed progress 0 → 10',
    ]);
  });

  it('never merges entries of deleted accounts (they cannot be told apart)', () => {
    expect(run([change(null, 0, 'progress', 0, 10), change(null, 1_000, 'progress', 10, 20)])).toEqual([
      'Former member changed progress 10 → 20',
      'Former member changed progress 0 → 10',
    ]);
  });

  it('merges value-less changes (the description) and an unknown first old value stays unknown', () => {
    expect(
      run([
        { id: 'c_1', kind: 'changed', actorId: 'ana', atMs: 0, field: 'description' },
        { id: 'c_2', kind: 'changed', actorId: 'ana', atMs: 1_000, field: 'description' },
        { id: 'c_3', kind: 'changed', actorId: 'ana', atMs: 2_000, field: 'progress', to: 10 },
        change('ana', 3_000, 'progress', 10, 20),
      ]),
    ).toEqual(['Ana changed progress to 20', 'Ana changed the description']);
  });
});

/** Random histories: two people and deleted accounts, two fields, pauses short and long, other kinds. */
const historyArb = fc
  .array(
    fc.record({
      actor: fc.constantFrom('ana', 'ben', null),
      field: fc.constantFrom('progress', 'title'),
      kind: fc.constantFrom('changed', 'changed', 'changed', 'replaced', 'completed', 'commented', 'deleted'),
      gap: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 2 * HISTORY_RUN_GAP_MS })),
    }),
    { maxLength: 40 },
  )
  .map((steps) => {
    let at = 0;
    const value: Record<string, number> = { progress: 0, title: 0 };
    return steps.map((step, i): HistoryEntry => {
      at += step.gap;
      const base = {
        id: `e_${String(i).padStart(3, '0')}`,
        actorId: step.actor,
        actorName: step.actor ?? '-',
        atMs: at,
      };
      if (step.kind !== 'changed') return { ...base, kind: step.kind, field: step.field } as HistoryEntry;
      // Values only grow, so no run ends where it started (those are left out on purpose).
      const from = value[step.field]!;
      value[step.field] = from + 1;
      return { ...base, kind: 'changed', field: step.field, from, to: from + 1 };
    });
  });

const newestFirst = (entries: HistoryEntry[]) =>
  [...entries].sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

describe('coalesceHistory (property)', () => {
  it('never loses the first old or last new value, and never merges two people or two fields', () => {
    fc.assert(
      fc.property(historyArb, (oldestFirst) => {
        const out = coalesceHistory(newestFirst(oldestFirst));
        const index = new Map(oldestFirst.map((e, i) => [e.id, i]));
        for (const entry of out) {
          const first = index.get(entry.id);
          expect(first).toBeDefined();
          const start = oldestFirst[first!]!;
          expect([entry.kind, entry.actorId, entry.field, entry.from]).toEqual([
            start.kind,
            start.actorId,
            start.field,
            start.from,
          ]);
          if (entry.kind !== 'changed') {
            expect(entry).toEqual(start);
            continue;
          }
          // The last change of the run: the same person and field, with this time and new value, and
          // nobody else's entry (nor a replaced value or deletion) between it and the first.
          const last = oldestFirst.findIndex(
            (e, i) =>
              i >= first! &&
              e.actorId === entry.actorId &&
              e.field === entry.field &&
              e.atMs === entry.atMs &&
              e.to === entry.to,
          );
          expect(last).toBeGreaterThanOrEqual(first!);
          for (const between of oldestFirst.slice(first!, last + 1)) {
            expect(between.actorId).toBe(entry.actorId);
            expect(['replaced', 'deleted']).not.toContain(between.kind);
          }
          if (last > first!) expect(entry.actorId).not.toBeNull();
        }
        // Per person and field: the first old value and the last new value both appear.
        for (const actor of ['ana', 'ben', null])
          for (const field of ['progress', 'title']) {
            const own = oldestFirst.filter(
              (e) => e.kind === 'changed' && e.actorId === actor && e.field === field,
            );
            if (own.length === 0) continue;
            const shown = out.filter((e) => e.kind === 'changed' && e.actorId === actor && e.field === field);
            expect(shown.some((e) => e.from === own[0]!.from)).toBe(true);
            expect(shown.some((e) => e.to === own.at(-1)!.to)).toBe(true);
          }
        // Everything else is kept as it was, and the output is newest first.
        expect(out.filter((e) => e.kind !== 'changed')).toEqual(
          newestFirst(oldestFirst.filter((e) => e.kind !== 'changed')),
        );
        expect(out).toEqual(newestFirst(out));
      }),
      { numRuns: 300 },
    );
  });

  it('merges nothing when two people take turns', () => {
    fc.assert(
      fc.property(historyArb, (steps) => {
        const turns = steps.map((e, i) => ({ ...e, actorId: i % 2 ? 'ana' : 'ben' }));
        expect(coalesceHistory(newestFirst(turns))).toHaveLength(turns.length);
      }),
    );
  });
});
