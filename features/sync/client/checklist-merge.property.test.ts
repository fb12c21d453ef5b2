import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addChecklistItem,
  checklistCounts,
  checklistOf,
  checklistProgress,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setChecklistItemDone,
  setProgressFollowsChecklist,
  type ChecklistResult,
} from '@/features/tasks/model/checklist';
import { stampChangedTasks } from '@/features/tasks/model/task-stamps';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import { hasPending } from './replica';
import { sampleTask } from '../testing/fixtures';
import { MemoryServer } from '../testing/memory-server';
import { SIM_USER, SimReplica, type PushMode } from '../testing/sim-replica';

/**
 * Team sync of checklists (docs/decisions/0023-checklists-and-labels.md): browsers run the real
 * checklist rules (features/tasks/model/checklist.ts, which the commands of features/tasks/client/checklist-commands.ts
 * apply) and sync through the real merge. Two people changing different items both keep their change; the same item
 * changed by both follows the field rule: the later write wins and the other is a conflict record.
 */

/**
 * A second between two things a person does, and device clocks off by less than half of it. (A
 * device whose clock is further behind than the time between pulling a value and changing it stamps
 * its change older than the value it saw; that is the general field rule of team sync, not one of
 * checklists, and features/sync/client/replica.property.test.ts covers it with any skew.)
 */
const STEP_MS = 1000;
const MAX_SKEW_MS = 400;

type Op = 'tick' | 'untick' | 'rename' | 'move' | 'delete' | 'add' | 'switch';
type Command = { r: number; op: Op; pick: number; to: number; text: string };

const commandArb = (replicas: number): fc.Arbitrary<Command> =>
  fc.record({
    r: fc.integer({ min: 0, max: replicas - 1 }),
    op: fc.constantFrom<Op>('tick', 'tick', 'untick', 'rename', 'move', 'delete', 'add', 'switch'),
    pick: fc.nat(),
    to: fc.nat(),
    text: fc.constantFrom('Milk', 'Eggs', 'Bread', 'Call Bo'),
  });

/** A seeded [0, 1) sequence, so that item ids are the same on every run of a case. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const isItemField = (field: string) => field.startsWith('ck_');

/** What the rule of a command does to the replica's one task (the real rule, then the stamp). */
function rule(task: Task, command: Command, random: () => number): ChecklistResult {
  const items = checklistOf(task);
  const item = items.length === 0 ? undefined : items[command.pick % items.length];
  switch (command.op) {
    case 'add':
      return addChecklistItem(task, command.text, random);
    case 'switch':
      return setProgressFollowsChecklist(task, task.checklistProgress !== true);
    default:
      if (!item) return { ok: true, task };
  }
  switch (command.op) {
    case 'tick':
    case 'untick':
      return setChecklistItemDone(task, item.id, command.op === 'tick');
    case 'rename':
      return renameChecklistItem(task, item.id, `${command.text} ${command.pick % 3}`);
    case 'move':
      return moveChecklistItem(task, item.id, command.to % items.length);
    case 'delete':
      return deleteChecklistItem(task, item.id);
  }
}

class Device {
  readonly replica: SimReplica;
  /** Item fields this device wrote, and when it last did (the simulated time). */
  readonly wrote = new Map<string, number>();
  private readonly random: () => number;

  constructor(name: string, server: MemoryServer, clock: () => number, seed: number) {
    this.replica = new SimReplica(name, server, clock);
    this.random = seeded(seed);
  }

  run(command: Command, now: number): void {
    this.replica.command((tasks) => {
      const task = tasks[0];
      if (!task) return tasks;
      const result = rule(task, command, this.random);
      if (!result.ok || result.task === task) return tasks;
      for (const field of new Set([...Object.keys(task), ...Object.keys(result.task)])) {
        if (isItemField(field) && JSON.stringify(task[field]) !== JSON.stringify(result.task[field])) {
          this.wrote.set(field, now);
        }
      }
      return stampChangedTasks(tasks, [result.task, ...tasks.slice(1)], now);
    });
  }

  /** Its one task's fields, without the device's own handles. */
  view(): Record<string, unknown> {
    const { id: _id, uid: _uid, ...rest }: Record<string, unknown> = this.replica.tasks[0] ?? {};
    return rest;
  }
}

/** The task as the server holds it (nulls are absent fields). */
function serverView(server: MemoryServer): Record<string, unknown> {
  const views = [...server.viewOf(SIM_USER).values()];
  expect(views).toHaveLength(1);
  return views[0]!;
}

/** A synced task with `count` items, on every device. */
function setUp(
  devices: Device[],
  server: MemoryServer,
  count: number,
  followOn: boolean,
  tick: () => number,
) {
  const [first] = devices;
  first!.replica.command(() => {
    let task: Task = sampleTask({ title: 'Shopping' });
    for (let index = 0; index < count; index++) {
      const added = addChecklistItem(task, `Item ${index}`, seeded(index + 1));
      if (added.ok) task = added.task;
    }
    if (followOn) task = (setProgressFollowsChecklist(task, true) as { task: Task }).task;
    return [task];
  });
  first!.replica.pushAll();
  for (const device of devices) {
    tick();
    device.replica.pullAll();
  }
  expect(server.writes.length).toBeGreaterThan(0);
}

function converge(devices: Device[], tick: () => number): void {
  for (let round = 0; round < 4; round++) {
    for (const device of devices) {
      tick();
      device.replica.pushAll();
    }
    for (const device of devices) {
      tick();
      device.replica.pullAll();
    }
  }
}

/** Every device holds the server's task, and shows the progress its merged checklist gives. */
function expectConverged(devices: Device[], server: MemoryServer): Record<string, unknown> {
  const final = serverView(server);
  for (const device of devices) {
    expect(hasPending(device.replica.meta)).toBe(false);
    expect(device.view()).toEqual(final);
    const read = taskSchema.parse({ ...final, id: 'x' });
    const derived = checklistProgress(checklistCounts(read));
    if (read.checklistProgress === true && derived !== null) expect(read.progress).toBe(derived);
  }
  return final;
}

describe('checklists under team sync (property)', () => {
  it('two devices offline: different items both keep their change; the same item: later wins, the other is a conflict', () => {
    let conflictsOnSharedItems = 0;
    let itemsKeptFromBoth = 0;
    fc.assert(
      fc.property(
        fc.record({
          count: fc.integer({ min: 1, max: 6 }),
          followOn: fc.boolean(),
          seeds: fc.tuple(fc.nat(), fc.nat()),
          skews: fc.tuple(
            fc.integer({ min: -MAX_SKEW_MS, max: MAX_SKEW_MS }),
            fc.integer({ min: -MAX_SKEW_MS, max: MAX_SKEW_MS }),
          ),
          commands: fc.array(commandArb(2), { minLength: 1, maxLength: 14 }),
        }),
        ({ count, followOn, seeds, skews, commands }) => {
          const server = new MemoryServer();
          let now = 1_000_000;
          const tick = () => (now += STEP_MS);
          const devices = [0, 1].map(
            (index) =>
              new Device(`d${index}`, server, () => now + skews[index]!, seeds[index]! + index * 7919),
          );
          setUp(devices, server, count, followOn, tick);
          const start = serverView(server);
          const writesBefore = server.writes.length;

          // Both offline: each device changes its own copy.
          for (const command of commands) devices[command.r]!.run(command, tick());
          const offline = devices.map((device) => device.view());

          converge(devices, tick);
          const final = expectConverged(devices, server);

          const fields = new Set([
            ...Object.keys(start),
            ...Object.keys(final),
            ...devices.flatMap((d) => [...d.wrote.keys()]),
          ]);
          for (const field of [...fields].filter(isItemField)) {
            const writers = [0, 1].filter((index) => devices[index]!.wrote.has(field));
            const recorded = server.conflicts.filter((c) => c.field === field);
            if (writers.length === 0) {
              expect(final[field], field).toEqual(start[field]);
              continue;
            }
            if (writers.length === 1) {
              // Changed on one device only: its change is kept, and no one is asked about it.
              expect(final[field], field).toEqual(offline[writers[0]!]![field]);
              expect(recorded, field).toEqual([]);
              if (devices[1 - writers[0]!]!.wrote.size > 0) itemsKeptFromBoth += 1;
              continue;
            }
            // Changed on both: the value with the later stamp wins, the other is kept as a conflict.
            const stamps = server.writes.slice(writesBefore).filter((write) => write.field === field);
            const latest = stamps.reduce((a, b) => (a.hlc > b.hlc ? a : b));
            expect(server.tasks.values().next().value!.fields[field]!.hlc).toBe(latest.hlc);
            const values = [0, 1].map((index) => offline[index]![field] ?? null);
            expect(values).toContainEqual(final[field] ?? null);
            const loser =
              JSON.stringify(values[0]) === JSON.stringify(final[field] ?? null) ? values[1] : values[0];
            if (JSON.stringify(loser) !== JSON.stringify(final[field] ?? null)) {
              expect(
                recorded.map((c) => c.value),
                field,
              ).toContainEqual(loser);
              conflictsOnSharedItems += 1;
            }
          }
        },
      ),
      { numRuns: 400 },
    );
    // Both cases were exercised, not vacuously true.
    expect(itemsKeptFromBoth).toBeGreaterThan(0);
    expect(conflictsOnSharedItems).toBeGreaterThan(0);
  }, 60_000);

  it('any history of checklist commands, pushes and pulls on 2–3 devices converges and keeps every item write', () => {
    type Step =
      { t: 'cmd'; command: Command } | { t: 'push'; r: number; mode: PushMode } | { t: 'pull'; r: number };
    const stepArb = (replicas: number): fc.Arbitrary<Step> =>
      fc.oneof(
        { arbitrary: commandArb(replicas).map((command) => ({ t: 'cmd' as const, command })), weight: 5 },
        {
          arbitrary: fc.record({
            t: fc.constant('push' as const),
            r: fc.integer({ min: 0, max: replicas - 1 }),
            mode: fc.constantFrom<PushMode>('ok', 'fail', 'lost', 'dup'),
          }),
          weight: 2,
        },
        {
          arbitrary: fc.record({
            t: fc.constant('pull' as const),
            r: fc.integer({ min: 0, max: replicas - 1 }),
          }),
          weight: 2,
        },
      );
    const scenarioArb = fc.integer({ min: 2, max: 3 }).chain((replicas) =>
      fc.record({
        replicas: fc.constant(replicas),
        count: fc.integer({ min: 0, max: 5 }),
        followOn: fc.boolean(),
        seed: fc.nat(),
        skews: fc.array(fc.integer({ min: -MAX_SKEW_MS, max: MAX_SKEW_MS }), { minLength: 3, maxLength: 3 }),
        steps: fc.array(stepArb(replicas), { minLength: 5, maxLength: 50 }),
      }),
    );
    fc.assert(
      fc.property(scenarioArb, ({ replicas, count, followOn, seed, skews, steps }) => {
        const server = new MemoryServer();
        let now = 1_000_000;
        const tick = () => (now += STEP_MS);
        const devices = Array.from(
          { length: replicas },
          (_, index) => new Device(`d${index}`, server, () => now + skews[index]!, seed + index * 7919),
        );
        setUp(devices, server, count, followOn, tick);
        const lastValue = new Map<string, unknown>();
        for (const step of steps) {
          const at = tick();
          if (step.t === 'cmd') {
            const device = devices[step.command.r]!;
            device.run(step.command, at);
            const view = device.view();
            for (const [field, when] of device.wrote)
              if (when === at) lastValue.set(`${device.replica.name}:${field}`, view[field] ?? null);
          } else if (step.t === 'push') devices[step.r]!.replica.push(step.mode);
          else devices[step.r]!.replica.pullAll();
        }
        converge(devices, tick);
        const final = expectConverged(devices, server);
        const task = server.tasks.values().next().value!;
        for (const write of server.writes) {
          if (!isItemField(write.field)) continue;
          const same = (value: unknown) => JSON.stringify(value) === JSON.stringify(write.value);
          const kept =
            task.fields[write.field]!.hlc === write.hlc ||
            same(task.fields[write.field]!.value) ||
            server.conflicts.some((c) => c.field === write.field && (c.hlc === write.hlc || same(c.value))) ||
            server.replacedKnowingly.some(
              (r) => r.field === write.field && (r.hlc === write.hlc || same(r.value)),
            );
          expect(kept, `write ${JSON.stringify(write)} kept`).toBe(true);
        }
        // An item only one device changed ends as that device last left it.
        const fields = new Set(devices.flatMap((device) => [...device.wrote.keys()]));
        for (const field of fields) {
          const writers = devices.filter((device) => device.wrote.has(field));
          if (writers.length !== 1) continue;
          expect(final[field] ?? null, field).toEqual(lastValue.get(`${writers[0]!.replica.name}:${field}`));
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
