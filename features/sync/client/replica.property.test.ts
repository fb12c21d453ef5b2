import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { taskSchema } from '@/features/tasks/model/task-read';
import { uniqueTaskId } from '@/features/tasks/model/task-create';
import type { Task } from '@/features/tasks/model/task-types';
import { compareHlc } from '../model/hlc';
import { applyPullPage, finishWalk, hasPending, isIdlePage, takeTouched, type SyncMeta } from './replica';
import { unpulledUids } from './replica/meta';
import { sampleTask } from '../testing/fixtures';
import { MemoryServer } from '../testing/memory-server';
import { SIM_USER, SimReplica, type PushMode } from '../testing/sim-replica';
import type { PullResponse } from '../model/protocol';

const USER = SIM_USER;
const DAY_MS = 24 * 60 * 60_000;
const FIELDS = ['title', 'description', 'priority', 'progress', 'status'] as const;
type Field = (typeof FIELDS)[number];
const VALUES: Record<Field, readonly unknown[]> = {
  title: ['A', 'B', 'C'],
  description: ['x', 'y'],
  priority: ['High', 'Medium', 'Low'],
  progress: [0, 50, 100],
  // undefined: the field is removed from the task.
  status: ['Open', 'Done', undefined],
};

type Action =
  | { t: 'create'; r: number; title: string }
  | { t: 'edit'; r: number; pick: number; field: Field; value: number }
  | { t: 'delete'; r: number; pick: number }
  | { t: 'resurrect'; r: number; pick: number }
  | { t: 'undo'; r: number; pick: number }
  | { t: 'foreign'; r: number; pick: number; field: Field; value: number }
  | { t: 'push'; r: number; mode: PushMode }
  | { t: 'pull'; r: number }
  | { t: 'pullPage'; r: number }
  | { t: 'purge' }
  | { t: 'hide'; pick: number }
  | { t: 'tick'; ms: number };

function withoutIds(tasks: readonly Task[]): Map<string, Record<string, unknown>> {
  const view = new Map<string, Record<string, unknown>>();
  for (const task of tasks) {
    const { id: _id, uid, ...rest } = task;
    view.set(String(uid), rest);
  }
  return view;
}

function setField(task: Task, field: Field, value: unknown): Task {
  const next: Record<string, unknown> = { ...task };
  if (value === undefined) delete next[field];
  else next[field] = value;
  return next as Task;
}

/** The replica's view after a full pull: the server's rows with its own dirty fields on top. */
function expectViewIsServerPlusDirty(replica: SimReplica, server: MemoryServer): void {
  const serverView = server.viewOf(USER);
  const local = withoutIds(replica.tasks);
  const inflightUids = new Set(replica.meta.inflight.map((op) => op.uid));
  for (const [uid, values] of serverView) {
    const entry = replica.meta.dirty[uid];
    if (entry?.x?.del) {
      expect(local.has(uid)).toBe(false);
      continue;
    }
    const mine = local.get(uid);
    // A row this app cannot show (a restore reached a server that had forgotten the task, and the
    // device that sent it has not sent its values yet) is shown only where the task already was.
    if (mine === undefined && !taskSchema.safeParse({ ...values, id: 'x', uid }).success) continue;
    expect(mine, `task ${uid} shown`).toBeDefined();
    for (const field of new Set([...Object.keys(values), ...Object.keys(mine ?? {})])) {
      if (entry?.f[field] !== undefined) continue;
      expect(mine?.[field], `${uid}.${field}`).toEqual(values[field]);
    }
  }
  for (const uid of local.keys()) {
    if (serverView.has(uid)) continue;
    expect(replica.meta.dirty[uid] !== undefined || inflightUids.has(uid), `local-only ${uid} pending`).toBe(
      true,
    );
  }
}

const actionArb = (replicas: number): fc.Arbitrary<Action> => {
  const r = fc.integer({ min: 0, max: replicas - 1 });
  const field = fc.constantFrom(...FIELDS);
  return fc.oneof(
    {
      arbitrary: fc.record({ t: fc.constant('create' as const), r, title: fc.constantFrom('A', 'B', 'C') }),
      weight: 3,
    },
    {
      arbitrary: fc.record({ t: fc.constant('edit' as const), r, pick: fc.nat(), field, value: fc.nat() }),
      weight: 6,
    },
    { arbitrary: fc.record({ t: fc.constant('delete' as const), r, pick: fc.nat() }), weight: 2 },
    { arbitrary: fc.record({ t: fc.constant('resurrect' as const), r, pick: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ t: fc.constant('undo' as const), r, pick: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({ t: fc.constant('foreign' as const), r, pick: fc.nat(), field, value: fc.nat() }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        t: fc.constant('push' as const),
        r,
        mode: fc.constantFrom<PushMode>('ok', 'fail', 'lost', 'dup'),
      }),
      weight: 5,
    },
    { arbitrary: fc.record({ t: fc.constant('pull' as const), r }), weight: 4 },
    { arbitrary: fc.record({ t: fc.constant('pullPage' as const), r }), weight: 2 },
    { arbitrary: fc.constant({ t: 'purge' as const }), weight: 1 },
    { arbitrary: fc.record({ t: fc.constant('hide' as const), pick: fc.nat() }), weight: 1 },
    {
      arbitrary: fc.record({ t: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 5 }) }),
      weight: 2,
    },
  );
};

const scenarioArb = fc
  .record({
    replicas: fc.integer({ min: 2, max: 4 }),
    skews: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 4, maxLength: 4 }),
  })
  .chain(({ replicas, skews }) =>
    fc.record({
      replicas: fc.constant(replicas),
      skews: fc.constant(skews),
      actions: fc.array(actionArb(replicas), { minLength: 10, maxLength: 80, size: 'max' }),
    }),
  );

/** `afterEach`: called after every action and every round of the final convergence. */
function run(
  { replicas: count, skews, actions }: { replicas: number; skews: number[]; actions: Action[] },
  afterEach: (replicas: readonly SimReplica[], server: MemoryServer, now: number) => void = () => {},
) {
  // Tasks reassigned away from the user (a member): pulls report them gone, pushes to them are refused.
  const hidden = new Set<string>();
  const server = new MemoryServer({
    users: [{ id: USER, role: 'user' }],
    canSee: (_user, task) => !hidden.has(task.uid),
  });
  let now = 1_000_000;
  const replicas = Array.from(
    { length: count },
    (_, index) => new SimReplica(`r${index}`, server, () => now + skews[index]!),
  );
  for (const action of actions) {
    now += 1;
    if (action.t === 'tick') {
      now += action.ms;
      continue;
    }
    if (action.t === 'hide') {
      const uids = [...server.tasks.keys()].sort();
      const uid = uids[action.pick % Math.max(1, uids.length)];
      if (uid !== undefined) {
        if (hidden.has(uid)) hidden.delete(uid);
        else hidden.add(uid);
        server.touch(uid);
      }
      continue;
    }
    if (action.t === 'purge') {
      now += DAY_MS;
      server.purgeTombstones();
      continue;
    }
    const replica = replicas[action.r]!;
    const pick = <T>(list: readonly T[], index: number): T | undefined =>
      list.length === 0 ? undefined : list[index % list.length];
    switch (action.t) {
      case 'create':
        replica.command((tasks) => [
          ...tasks,
          {
            ...sampleTask({ title: action.title }),
            id: uniqueTaskId(now, new Set(tasks.map((task) => task.id))),
          },
        ]);
        break;
      case 'edit':
      case 'foreign': {
        const target = pick(replica.tasks, action.pick);
        if (!target) break;
        const value = VALUES[action.field][action.value % VALUES[action.field].length];
        const change = (tasks: Task[]) =>
          tasks.map((task) => (task === target ? setField(task, action.field, value) : task));
        if (action.t === 'edit') replica.command(change);
        else replica.foreignWrite(change);
        break;
      }
      case 'delete': {
        const target = pick(replica.tasks, action.pick);
        if (!target) break;
        replica.graveyard.push(target);
        replica.command((tasks) => tasks.filter((task) => task !== target));
        break;
      }
      case 'resurrect': {
        const ghost = pick(replica.graveyard, action.pick);
        if (!ghost || replica.tasks.some((task) => task.uid === ghost.uid)) break;
        replica.foreignWrite((tasks) => [...tasks, { ...ghost, id: `g${now}` }]);
        break;
      }
      case 'undo': {
        // Undo of a delete (restoreTask): the very task back, same id and uid, as a local command.
        const ghost = pick(replica.graveyard, action.pick);
        const taken = (task: Task) => task.uid === ghost?.uid || task.id === ghost?.id;
        if (!ghost || replica.tasks.some(taken)) break;
        replica.command((tasks) => [ghost, ...tasks]);
        break;
      }
      case 'push':
        replica.push(action.mode);
        break;
      case 'pull':
        replica.pullAll();
        expectViewIsServerPlusDirty(replica, server);
        break;
      case 'pullPage':
        replica.pullPage();
        break;
    }
    afterEach(replicas, server, now);
  }
  for (let round = 0; round < 6; round++) {
    for (const replica of replicas) replica.pushAll();
    for (const replica of replicas) replica.pullAll();
    afterEach(replicas, server, now);
  }
  return { server, replicas };
}

/** Every replica ends with the server's view and nothing pending, and no value written is lost. */
function expectConverged(scenario: Parameters<typeof run>[0]): void {
  const { server, replicas } = run(scenario);
  const serverView = server.viewOf(USER);
  for (const replica of replicas) {
    expect(hasPending(replica.meta), `${replica.name} pending`).toBe(false);
    expect(withoutIds(replica.tasks)).toEqual(serverView);
    const ids = replica.tasks.map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
  }
  for (const write of server.writes) {
    if (server.purged.has(write.uid)) continue;
    const final = server.tasks.get(write.uid)?.fields[write.field];
    // A write whose value another write of the same field also holds loses nothing when only
    // that one is kept (the merge keeps no record of a value it still has).
    const same = (value: unknown) => JSON.stringify(value) === JSON.stringify(write.value);
    // The server derives `assigneeId` from an `assignedTo` written after it, with the name's
    // stamp (features/sync/model/assignee-binding.ts): the later name supersedes the earlier id.
    const name = server.tasks.get(write.uid)?.fields.assignedTo;
    const superseded =
      write.field === 'assigneeId' &&
      final !== undefined &&
      final.hlc === name?.hlc &&
      compareHlc(final.hlc, write.hlc) > 0;
    const kept =
      superseded ||
      final?.hlc === write.hlc ||
      (final !== undefined && same(final.value)) ||
      server.conflicts.some(
        (c) => c.uid === write.uid && c.field === write.field && (c.hlc === write.hlc || same(c.value)),
      ) ||
      server.replacedKnowingly.some(
        (r) => r.uid === write.uid && r.field === write.field && (r.hlc === write.hlc || same(r.value)),
      );
    expect(kept, `write ${JSON.stringify(write)} kept`).toBe(true);
  }
}

/**
 * Found by the property below (1 run in about 2,000): a restore reached a server that had forgotten
 * the task (purged), which made a row without fields; the browser kept showing its values and never
 * sent them again. It now sends them at once.
 */
const RESTORE_AFTER_PURGE = {
  replicas: 2,
  skews: [20, 3, 18, 32],
  actions: [
    { t: 'create', r: 0, title: 'A' },
    { t: 'push', r: 0, mode: 'ok' },
    { t: 'delete', r: 0, pick: 0 },
    { t: 'create', r: 0, title: 'A' },
    { t: 'create', r: 0, title: 'A' },
    { t: 'push', r: 0, mode: 'lost' },
    { t: 'purge' },
    { t: 'resurrect', r: 0, pick: 0 },
    { t: 'delete', r: 0, pick: 1185181839 },
    { t: 'push', r: 1, mode: 'ok' },
    { t: 'tick', ms: 0 },
    { t: 'pull', r: 0 },
    { t: 'resurrect', r: 0, pick: 0 },
    { t: 'undo', r: 0, pick: 0 },
    { t: 'purge' },
    { t: 'create', r: 0, title: 'A' },
  ],
} satisfies Parameters<typeof run>[0];

/** The same with a restore sent by an undo (based on version 0), from three replicas. */
const UNDO_AFTER_PURGE = {
  replicas: 3,
  skews: [-2, -13, -28, -4],
  actions: [
    { t: 'create', r: 1, title: 'A' },
    { t: 'push', r: 1, mode: 'ok' },
    { t: 'pull', r: 2 },
    { t: 'delete', r: 2, pick: 0 },
    { t: 'undo', r: 2, pick: 0 },
    { t: 'delete', r: 1, pick: 0 },
    { t: 'push', r: 1, mode: 'ok' },
    { t: 'foreign', r: 0, pick: 0, field: 'title', value: 0 },
    { t: 'pullPage', r: 0 },
    { t: 'pull', r: 2 },
    { t: 'undo', r: 0, pick: 0 },
    { t: 'undo', r: 0, pick: 0 },
    { t: 'pullPage', r: 0 },
    { t: 'purge' },
    { t: 'purge' },
    { t: 'delete', r: 0, pick: 0 },
  ],
} satisfies Parameters<typeof run>[0];

/**
 * Found by the property above (about 1 run in 500–4,000): a device brings back a task whose
 * tombstone the server has purged, and the server makes a row without fields until that device sends
 * its values again; a replica that pulls the row meanwhile and does not hold the task cannot show it
 * (no title...), and waits until the row is whole (features/sync/client/replica.ts applyPullPage).
 */
const HIDE_AFTER_PURGES = {
  replicas: 3,
  skews: [0, 0, 0, 0],
  actions: [
    { t: 'create', r: 0, title: 'A' },
    { t: 'push', r: 0, mode: 'ok' },
    { t: 'pull', r: 2 },
    { t: 'pullPage', r: 1 },
    { t: 'delete', r: 2, pick: 0 },
    { t: 'delete', r: 1, pick: 0 },
    { t: 'push', r: 2, mode: 'ok' },
    { t: 'resurrect', r: 1, pick: 0 },
    { t: 'pullPage', r: 1 },
    { t: 'pull', r: 0 },
    { t: 'purge' },
    { t: 'purge' },
    { t: 'push', r: 1, mode: 'ok' },
    { t: 'pull', r: 0 },
    { t: 'edit', r: 0, pick: 0, field: 'title', value: 0 },
    { t: 'foreign', r: 0, pick: 0, field: 'title', value: 0 },
    { t: 'create', r: 0, title: 'A' },
    { t: 'create', r: 0, title: 'A' },
    { t: 'hide', pick: 0 },
    { t: 'pull', r: 0 },
    { t: 'delete', r: 0, pick: 0 },
    { t: 'tick', ms: 0 },
    { t: 'undo', r: 0, pick: 0 },
    { t: 'push', r: 0, mode: 'ok' },
  ],
} satisfies Parameters<typeof run>[0];

describe('team sync replicas (property)', () => {
  it(
    'converge to the server view with nothing pending and no value lost',
    () => {
      // PROPERTY_RUNS=20000 to hunt for rare counterexamples (each run is a whole scenario).
      const numRuns = Number(process.env.PROPERTY_RUNS ?? 500);
      fc.assert(fc.property(scenarioArb, expectConverged), { numRuns });
    },
    60_000 + Number(process.env.PROPERTY_RUNS ?? 0) * 100,
  );

  it('a restore that reached a server which had forgotten the task: its values are sent again', () => {
    expectConverged(RESTORE_AFTER_PURGE);
    expectConverged(UNDO_AFTER_PURGE);
  });

  it('a row without its fields (a restore of a forgotten task) is not shown by a replica that lacks the task, until whole', () => {
    expectConverged(HIDE_AFTER_PURGES);
  });
});

describe('isIdlePage (property)', () => {
  it('whenever it says a page is idle, applying it leaves the metadata and the list as they were', () => {
    let idle = 0;
    /** The page the replica's next pull gets, and empty last pages at its cursor and past it. */
    const candidates = (replica: SimReplica, server: MemoryServer): PullResponse[] => [
      server.pull(USER, replica.meta.cursor, 3, replica.meta.walk !== null),
      { changes: [], gone: [], cursor: replica.meta.cursor, more: false, reset: false },
      { changes: [], gone: [], cursor: `${replica.meta.cursor}0`, more: false, reset: false },
    ];
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (replicas, server, now) => {
          for (const replica of replicas) {
            for (const page of candidates(replica, server)) {
              if (!isIdlePage(replica.meta, page)) continue;
              idle++;
              // Applied as features/sync/client/client.ts would apply it, to copies.
              const meta = structuredClone(replica.meta);
              let tasks = applyPullPage(meta, replica.tasks, page, now);
              if (!page.more && meta.walk !== null) tasks = finishWalk(meta, tasks);
              expect(meta).toEqual(replica.meta);
              expect(tasks).toBe(replica.tasks);
            }
          }
        });
      }),
      { numRuns: 200 },
    );
    // The property was exercised, not vacuously true.
    expect(idle).toBeGreaterThan(0);
  }, 60_000);
});

describe('unpulledUids (property)', () => {
  it('names exactly the entries with `u` (sent, not pulled since) after any run of pushes and pulls', () => {
    let named = 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (replicas) => {
          for (const replica of replicas) {
            const scanned = Object.keys(replica.meta.tasks).filter(
              (uid) => replica.meta.tasks[uid]!.u !== undefined,
            );
            const indexed = unpulledUids(replica.meta);
            expect([...indexed].sort()).toEqual(scanned.sort());
            named += indexed.length;
            // A copy (the metadata read afresh) is indexed anew.
            expect([...unpulledUids(structuredClone(replica.meta))].sort()).toEqual(scanned.sort());
          }
        });
      }),
      { numRuns: 200 },
    );
    expect(named).toBeGreaterThan(0);
  }, 60_000);
});

/** Per uid, the JSON of its entries in `tasks` and `dirty`. */
function entriesOf(meta: SyncMeta): Map<string, string> {
  const entries = new Map<string, string>();
  for (const uid of new Set([...Object.keys(meta.tasks), ...Object.keys(meta.dirty)])) {
    entries.set(uid, JSON.stringify([meta.tasks[uid] ?? null, meta.dirty[uid] ?? null]));
  }
  return entries;
}

describe('takeTouched (property)', () => {
  it('names every uid whose entries changed since it was last called', () => {
    let changedSeen = 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const before = new Map<SimReplica, Map<string, string>>();
        run(scenario, (replicas) => {
          for (const replica of replicas) {
            const previous = before.get(replica) ?? new Map<string, string>();
            const current = entriesOf(replica.meta);
            const touched = takeTouched(replica.meta);
            for (const uid of new Set([...previous.keys(), ...current.keys()])) {
              if (previous.get(uid) === current.get(uid)) continue;
              changedSeen++;
              if (touched !== 'all') expect(touched.has(uid), `${replica.name} ${uid} touched`).toBe(true);
            }
            before.set(replica, current);
          }
        });
      }),
      { numRuns: 300 },
    );
    expect(changedSeen).toBeGreaterThan(0);
  }, 60_000);
});
