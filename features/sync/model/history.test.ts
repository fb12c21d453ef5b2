import { describe, expect, it } from 'vitest';
import type { Json, SyncOp } from '@/features/sync/model/protocol';
import { deriveHistory, historySentence, type HistoryChange, type HistoryInput } from './history';

const names = new Map([
  ['ana', 'Ana'],
  ['ben', 'Ben'],
]);

let clock = 0;
function upsert(
  id: string,
  userId: string | null,
  fields: Record<string, Json>,
  outcome: HistoryChange['outcome'] = 'applied',
): HistoryChange {
  clock += 1;
  const hlc = `${String(clock).padStart(13, '0')}:0000:dev`;
  const op: SyncOp = {
    kind: 'upsert',
    opId: id,
    uid: 't1',
    baseV: 0,
    fields: Object.fromEntries(Object.entries(fields).map(([f, value]) => [f, { value, hlc }])),
  };
  return { id, userId, atMs: clock * 1000, outcome, op };
}
function life(id: string, kind: 'delete' | 'restore', userId: string): HistoryChange {
  clock += 1;
  return {
    id,
    userId,
    atMs: clock * 1000,
    outcome: 'applied',
    op: { kind, opId: id, uid: 't1', baseV: 0, hlc: `${String(clock).padStart(13, '0')}:0000:dev` },
  };
}

function input(changes: HistoryChange[], extra: Partial<HistoryInput> = {}): HistoryInput {
  return {
    createdAtMs: changes[0]?.atMs ?? 0,
    ownerId: 'ana',
    complete: true,
    changes,
    conflicts: [],
    comments: [],
    names,
    ...extra,
  };
}

const sentences = (i: HistoryInput) => deriveHistory(i).map(historySentence);

describe('deriveHistory and historySentence', () => {
  it('lists creation, field changes with from → to, assignment, completion, reopening, delete and restore, newest first', () => {
    const changes = [
      upsert('c1', 'ana', { title: 'Plan', progress: 40, assigneeId: '', updatedAt: 'x' }),
      upsert('c2', 'ana', { progress: 80, updatedAt: 'y' }),
      upsert('c3', 'ana', { assigneeId: 'ben', assignedTo: 'Ben' }),
      upsert('c4', 'ben', { progress: 100, completedAt: 'z' }),
      upsert('c5', 'ben', { progress: 90 }),
      upsert('c6', 'ben', { ck_abc: { text: 'a', done: true, pos: 1 }, ck_def: null, description: 'long' }),
      life('c7', 'delete', 'ana'),
      life('c8', 'restore', 'ana'),
    ];
    expect(sentences(input(changes))).toEqual([
      'Ana restored the task',
      'Ana deleted the task',
      'Ben changed the description',
      'Ben changed the checklist',
      'Ben reopened the task',
      'Ben completed the task',
      'Ana assigned the task to Ben',
      'Ana changed progress 40 → 80',
      'Ana created the task',
    ]);
  });

  it('does not list the status that completing or reopening writes with progress (one rule for done)', () => {
    const changes = [
      upsert('c1', 'ana', { title: 'Plan', progress: 40 }),
      upsert('c2', 'ana', { progress: 100, status: 'Completed', completedAt: 'z' }),
      upsert('c3', 'ben', { progress: 60, status: null }),
      upsert('c4', 'ben', { status: 'Blocked' }),
    ];
    expect(sentences(input(changes))).toEqual([
      'Ben changed status (none) → Blocked',
      'Ben reopened the task',
      'Ana completed the task',
      'Ana created the task',
    ]);
  });

  it('skips operations that were not applied and writes that lost their register', () => {
    const c1 = upsert('c1', 'ana', { title: 'A' });
    const c2 = upsert('c2', 'ana', { title: 'B' });
    const stale = upsert('c3', 'ben', { title: 'Old' });
    // An older stamp than c2's: it loses.
    const lost: HistoryChange = {
      ...stale,
      op: { ...stale.op, fields: { title: { value: 'Old', hlc: '0000000000000:0000:dev' } } } as SyncOp,
    };
    const refused = upsert('c4', 'ben', { title: 'Nope' }, 'forbidden');
    expect(sentences(input([c1, c2, lost, refused]))).toEqual([
      'Ana changed title A → B',
      'Ana created the task',
    ]);
  });

  it('says "changed … to" when the earlier record was purged, and names deleted users Former member', () => {
    const c = upsert('c9', 'gone', { progress: 80 });
    expect(sentences(input([c], { complete: false, createdAtMs: 1, ownerId: null }))).toEqual([
      'Former member changed progress to 80',
      'Former member created the task',
    ]);
  });

  it('lists replaced values and comments', () => {
    const c1 = upsert('c1', 'ana', { title: 'A' });
    const out = sentences(
      input([c1], {
        conflicts: [
          { id: 'k1', authorId: 'ben', field: 'progress', value: 60, atMs: c1.atMs + 1 },
          { id: 'k2', authorId: 'ben', field: 'description', value: 'x', atMs: c1.atMs + 2 },
        ],
        comments: [{ id: 'm1', authorId: 'ben', atMs: c1.atMs + 3 }],
      }),
    );
    expect(out).toEqual([
      'Ben commented',
      "Ben's change to the description was replaced",
      "Ben's progress 60 was replaced",
      'Ana created the task',
    ]);
  });

  it('says unassigned when the assignee is removed', () => {
    const changes = [
      upsert('c1', 'ana', { title: 'A', assigneeId: 'ben' }),
      upsert('c2', 'ana', { assigneeId: '' }),
    ];
    expect(sentences(input(changes))).toEqual([
      'Ana unassigned the task',
      'Ana assigned the task to Ben',
      'Ana created the task',
    ]);
  });

  it('says "to themselves" when the actor assigns the task to their own account, even at creation', () => {
    const changes = [
      upsert('c1', 'ana', { title: 'A', assigneeId: 'ana' }),
      upsert('c2', 'ben', { assigneeId: 'ben' }),
      upsert('c3', 'ben', { assigneeId: 'ana' }),
    ];
    expect(sentences(input(changes))).toEqual([
      'Ben assigned the task to Ana',
      'Ben assigned the task to themselves',
      'Ana assigned the task to themselves',
      'Ana created the task',
    ]);
  });

  it('derives a window of the log: context changes give the values and list nothing, and no creation is made up', () => {
    const changes = [
      upsert('c1', 'ana', { title: 'Plan', progress: 0 }),
      upsert('c2', 'ana', { progress: 20 }),
      upsert('c3', 'ben', { title: 'Plan B' }),
      upsert('c4', 'ana', { progress: 30 }),
    ];
    // The window starts at c2 (c1 is on a page of its own), and c2 and c3 are its context rows.
    const window = changes
      .slice(1)
      .map((change, index) => (index < 2 ? { ...change, context: true as const } : change));
    expect(sentences(input(window, { partial: true }))).toEqual(['Ana changed progress 20 → 30']);
    // Without context, a field's first change in the window reads as after a purge.
    expect(sentences(input(changes.slice(2), { partial: true }))).toEqual([
      'Ana changed progress to 30',
      'Ben changed title to Plan B',
    ]);
    // A partial window of a log whose start was purged adds no creation either.
    expect(sentences(input(changes.slice(3), { partial: true, complete: false }))).toEqual([
      'Ana changed progress to 30',
    ]);
  });
});
