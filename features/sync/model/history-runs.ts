/**
 * History that reads like a person wrote it (docs/product.md#task-history): a run of one person's
 * changes to one field, each within HISTORY_RUN_GAP_MS of the one before, is one entry from the
 * run's first old value to its last new value ("Ana changed progress 0 → 60", not one entry per
 * slider step). Pure, and applied where the list is derived, so history recorded before this rule
 * reads the same way.
 */
import type { HistoryEntry } from './history-types';

/** Longest pause between two changes of one run. */
export const HISTORY_RUN_GAP_MS = 5 * 60_000;

/** Entries that end every run: the task's life, and replaced values (kept apart, never merged). */
const BREAK_ALL = new Set<HistoryEntry['kind']>(['created', 'deleted', 'restored', 'replaced']);

/** The field an entry is about, for ending that field's run (completion is progress). */
function fieldOf(entry: HistoryEntry): string | undefined {
  if (entry.kind === 'changed') return entry.field;
  if (entry.kind === 'completed' || entry.kind === 'reopened') return 'progress';
  if (entry.kind === 'assigned') return 'assignee';
  return undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges runs in `entries` (newest first, as deriveHistory sorts them) and returns them newest
 * first again. A run is `changed` entries of one field by one known person (never a deleted
 * account's, whose entries cannot be told apart), each at most `gapMs` after the previous one. It
 * ends at anything of someone else's, at a creation, deletion, restoration or replaced value, at
 * that person's completing or reopening (for progress), and at a longer pause; that person's
 * changes of other fields and comments in between do not end it. The merged entry keeps the run's
 * first id (so a run that grows keeps its place in a list already shown), its first `from`, and its
 * last `to` and time. A run that ends where it started (0 → 60 → 0) changed nothing and is left out.
 */
export function coalesceHistory(
  entries: readonly HistoryEntry[],
  gapMs: number = HISTORY_RUN_GAP_MS,
): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const merged = new Set<number>();
  /** The open run of each field (index into `out`), all of one person: `runActor`. */
  const runs = new Map<string, number>();
  let runActor: string | null = null;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i]!;
    if (entry.actorId === null || entry.actorId !== runActor || BREAK_ALL.has(entry.kind)) {
      runs.clear();
      runActor = entry.actorId;
    }
    const field = fieldOf(entry);
    if (entry.kind === 'changed' && field !== undefined && entry.actorId !== null) {
      const open = runs.get(field);
      const run = open === undefined ? undefined : out[open]!;
      if (open !== undefined && run && entry.atMs - run.atMs <= gapMs) {
        out[open] = { ...run, atMs: entry.atMs, to: entry.to };
        if (!('to' in entry)) delete out[open]!.to;
        merged.add(open);
        continue;
      }
      runs.set(field, out.length);
      out.push(entry);
      continue;
    }
    if (field !== undefined) runs.delete(field);
    out.push(entry);
  }
  return out
    .filter(
      (entry, index) =>
        !merged.has(index) ||
        entry.from === undefined ||
        entry.to === undefined ||
        !same(entry.from, entry.to),
    )
    .sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
