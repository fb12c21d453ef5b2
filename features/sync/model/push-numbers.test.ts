/**
 * Task numbers (docs/decisions/0049-projects.md): a task that enters a project takes the project's
 * next number in `number`, stamped by the server; it keeps it while it stays; a browser's write to
 * `number` is dropped. One push numbers its tasks in order, and the decision says which keys it gave.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectRolesFrom } from '@/features/projects/model/roles';
import { TASK_NUMBER_FIELD } from '@/features/projects/model/project-key';
import type { SyncActor } from '@/shared/auth/actor';
import { compareHlc, createClock, formatHlc } from './hlc';
import type { Json, SyncOp } from './protocol';
import { decidePush, type PushInput, type StoredTask } from './push-rules';

const NOW = 10_000_000;
const ADA: SyncActor = { id: 'ada', role: 'admin' };
const HLC = formatHlc({ wall: NOW - 100, counter: 0, node: 'dev' });

const roles = projectRolesFrom({
  isAdmin: true,
  projects: [
    { id: 'general', teamRole: 'assigned', archived: false },
    { id: 'p-ops', teamRole: 'member', archived: false },
  ],
  memberships: new Map(),
});

function upsert(opId: string, uid: string, values: Record<string, Json>, baseV = 0): SyncOp {
  const fields = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, { value, hlc: HLC }]),
  );
  return { kind: 'upsert', opId, uid, baseV, fields };
}

function stored(uid: string, values: Record<string, Json>): StoredTask {
  const old = formatHlc({ wall: NOW - 500, counter: 0, node: 'old' });
  const fields = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, { value, hlc: old, seq: 1 }]),
  );
  return { synced: { uid, fields, life: null, version: 1 }, ownerId: 'ada', assigneeId: null };
}

function push(ops: SyncOp[], tasks: StoredTask[] = [], nextNumbers = new Map<string, number>()) {
  const input: PushInput = {
    actor: ADA,
    projects: roles,
    request: { clientId: 'c1', ops },
    seq: 7,
    nowMs: NOW,
    clock: createClock('server'),
    tasks: new Map(tasks.map((task) => [task.synced.uid, task])),
    seen: new Map(),
    actorName: null,
    userIds: new Set(),
    writers: new Map(),
    ownedTasks: 0,
    maxTasksPerOwner: 1_000,
    nextNumbers,
  };
  return decidePush(input);
}

const numberOf = (decision: ReturnType<typeof push>, uid: string) =>
  decision.rows.get(uid)?.synced.fields[TASK_NUMBER_FIELD];

describe('task numbers', () => {
  it('gives new tasks the next numbers of their projects, in the order of the push', () => {
    const decision = push(
      [
        upsert('o1', 't1', { title: 'One' }),
        upsert('o2', 't2', { title: 'Two', projectId: 'p-ops' }),
        upsert('o3', 't3', { title: 'Three' }),
      ],
      [],
      new Map([['general', 41]]),
    );
    expect(numberOf(decision, 't1')).toMatchObject({ value: 41, seq: 7 });
    expect(numberOf(decision, 't2')).toMatchObject({ value: 1, seq: 7 });
    expect(numberOf(decision, 't3')).toMatchObject({ value: 42, seq: 7 });
    expect(decision.keys).toEqual([
      { projectId: 'general', number: 41, uid: 't1' },
      { projectId: 'p-ops', number: 1, uid: 't2' },
      { projectId: 'general', number: 42, uid: 't3' },
    ]);
    expect(decision.nextNumbers).toEqual(
      new Map([
        ['general', 43],
        ['p-ops', 2],
      ]),
    );
    // The server's stamp, not the browser's.
    expect(numberOf(decision, 't1')!.hlc).toMatch(/-server$/);
  });

  it('keeps a task’s number while it stays in its project, and gives a new one when it moves', () => {
    const task = stored('t1', { title: 'One', [TASK_NUMBER_FIELD]: 5 });
    const edit = push([upsert('o1', 't1', { title: 'Uno' }, 1)], [task], new Map([['general', 9]]));
    expect(numberOf(edit, 't1')).toMatchObject({ value: 5, seq: 1 });
    expect(edit.keys).toEqual([]);

    const move = push([upsert('o2', 't1', { projectId: 'p-ops' }, 1)], [task], new Map([['p-ops', 3]]));
    expect(numberOf(move, 't1')).toMatchObject({ value: 3, seq: 7 });
    expect(move.keys).toEqual([{ projectId: 'p-ops', number: 3, uid: 't1' }]);
    expect(compareHlc(numberOf(move, 't1')!.hlc, task.synced.fields[TASK_NUMBER_FIELD]!.hlc)).toBeGreaterThan(
      0,
    );
  });

  it('numbers a task stored before numbers when it next changes', () => {
    const decision = push([upsert('o1', 't1', { title: 'Uno' }, 1)], [stored('t1', { title: 'One' })]);
    expect(numberOf(decision, 't1')).toMatchObject({ value: 1, seq: 7 });
  });

  it('drops a browser’s write to the number, keeping the rest of the operation', () => {
    const task = stored('t1', { title: 'One', [TASK_NUMBER_FIELD]: 5 });
    const decision = push([upsert('o1', 't1', { title: 'Uno', [TASK_NUMBER_FIELD]: 99 }, 1)], [task]);
    expect(decision.response.acks).toEqual(['o1']);
    expect(numberOf(decision, 't1')).toMatchObject({ value: 5 });
    expect(decision.rows.get('t1')!.synced.fields.title).toMatchObject({ value: 'Uno' });
    expect(decision.conflicts).toEqual([]);
    const recorded = decision.changes[0]!.op;
    expect(recorded.kind === 'upsert' && Object.keys(recorded.fields)).toEqual(['title']);
  });

  it('never gives one number twice in a project, however tasks are made and moved', () => {
    const projects = ['general', 'p-ops'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(...projects)), { maxLength: 30 }),
        (steps) => {
          let tasks = new Map<string, StoredTask>();
          const next = new Map<string, number>();
          const given = new Set<string>();
          steps.forEach(([index, projectId], step) => {
            const uid = `t${index}`;
            const before = tasks.get(uid);
            const decision = push(
              [upsert(`o${step}`, uid, { projectId }, before ? before.synced.version : 0)],
              before ? [before] : [],
              next,
            );
            for (const key of decision.keys) {
              const name = `${key.projectId}-${key.number}`;
              expect(given.has(name)).toBe(false);
              given.add(name);
            }
            for (const [id, number] of decision.nextNumbers) next.set(id, number);
            tasks = new Map([...tasks, ...decision.rows]);
            const row = tasks.get(uid)!;
            expect(row.synced.fields[TASK_NUMBER_FIELD]?.value).toEqual(expect.any(Number));
          });
        },
      ),
    );
  });
});

describe('concurrent moves', () => {
  const projects = ['general', 'p-ops'] as const;
  const stampAt = (wall: number, node: string) => formatHlc({ wall, counter: 0, node });

  it('settle on the later move in either order of arrival, with one number in the project it ends in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...projects),
        fc.constantFrom(...projects),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.boolean(),
        (first, second, wallA, wallB, swap) => {
          fc.pre(wallA !== wallB);
          const base = stored('t1', { title: 'Moved twice', [TASK_NUMBER_FIELD]: 4 });
          // Two devices, offline from version 1, each move the task; the pushes arrive in either order.
          const moves = [
            { opId: 'a', project: first, hlc: stampAt(NOW - 400 + wallA, 'devA') },
            { opId: 'b', project: second, hlc: stampAt(NOW - 400 + wallB, 'devB') },
          ];
          if (swap) moves.reverse();
          let task = base;
          const next = new Map<string, number>([['general', 5]]);
          const keys: string[] = [];
          for (const move of moves) {
            const op: SyncOp = {
              kind: 'upsert',
              opId: move.opId,
              uid: 't1',
              baseV: 1,
              fields: { projectId: { value: move.project, hlc: move.hlc } },
            };
            const decision = push([op], [task], next);
            for (const [id, number] of decision.nextNumbers) next.set(id, number);
            keys.push(...decision.keys.map((key) => `${key.projectId}-${key.number}`));
            task = decision.rows.get('t1') ?? task;
          }
          const later = wallA > wallB ? first : second;
          expect(task.synced.fields.projectId?.value).toBe(later);
          const number = task.synced.fields[TASK_NUMBER_FIELD]?.value;
          // Its number is one the project it ends in gave it (General's 4 if it never left for good).
          const givenThere = keys.filter((key) => key.startsWith(`${later}-`));
          const expected = givenThere.length > 0 ? givenThere.at(-1) : `${later}-4`;
          expect(`${later}-${number}`).toBe(expected);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });
});
