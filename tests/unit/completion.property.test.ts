import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { planImport } from '@/features/data-transfer/client/import-plan';
import { readImportText } from '@/features/data-transfer/client/import-read';
import { formatJsonExport } from '@/features/data-transfer/client/export';
import * as board from '@/features/tasks/model/board';
import * as checklist from '@/features/tasks/model/checklist';
import {
  COMPLETED_STATUS,
  followsChecklist,
  isTaskDone,
  shownProgress,
} from '@/features/tasks/model/completion';
import { BOARD_COLUMNS, type BoardColumn, type Task } from '@/features/tasks/model/task-types';
import { taskSchema } from '@/features/tasks/model/task-read';
import { Device } from '@/features/sync/testing/device';
import { sampleTask } from '@/features/sync/testing/fixtures';
import { MemoryServer } from '@/features/sync/testing/memory-server';

/**
 * The one rule for done over every path and their orders (docs/product.md#task-completion): random
 * sequences of the slider, Mark as Completed, checklist ticks and the switch, drags, an import of the
 * device's own export, pushes and pulls, on two devices of one team. Afterwards, everywhere: progress
 * 100 ⇔ status Completed ⇔ done; progress the checklist's while it follows one; each deadline of
 * the weekly series once (one next occurrence per completion, however many devices saw it); a done
 * task has made its next one; the server saw the task become done once per time it was reopened,
 * plus one; and the own export imports as unchanged.
 */

const START = Date.UTC(2026, 10, 26, 9);
const ITEMS = ['ck_aaaaaaaa', 'ck_bbbbbbbb', 'ck_cccccccc'] as const;

const WEEKLY = sampleTask({
  id: 'w1',
  title: 'Weekly report',
  deadline: '2026-11-26',
  progress: 67,
  checklistProgress: true,
  repeat: { every: 'week', interval: 1, from: 'deadline' },
  [ITEMS[0]]: { text: 'Gather numbers', done: true, pos: 1 },
  [ITEMS[1]]: { text: 'Write summary', done: true, pos: 2 },
  [ITEMS[2]]: { text: 'Send to team', done: false, pos: 3 },
});

type Event =
  | { device: 0 | 1; kind: 'slider'; progress: number }
  | { device: 0 | 1; kind: 'mark' }
  | { device: 0 | 1; kind: 'tick'; item: number; done: boolean }
  | { device: 0 | 1; kind: 'switch'; on: boolean }
  | { device: 0 | 1; kind: 'drag'; column: BoardColumn }
  | { device: 0 | 1; kind: 'import' }
  | { device: 0 | 1; kind: 'push' }
  | { device: 0 | 1; kind: 'pull' };

const device = fc.constantFrom(0 as const, 1 as const);
/** Which of the series the event is about: the first task, or the latest one. */
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ device, kind: fc.constant('slider' as const), progress: fc.constantFrom(0, 40, 67, 99, 100) }),
  fc.record({ device, kind: fc.constant('mark' as const) }),
  fc.record({ device, kind: fc.constant('tick' as const), item: fc.nat(2), done: fc.boolean() }),
  fc.record({ device, kind: fc.constant('switch' as const), on: fc.boolean() }),
  fc.record({ device, kind: fc.constant('drag' as const), column: fc.constantFrom(...BOARD_COLUMNS) }),
  fc.record({ device, kind: fc.constant('import' as const) }),
  fc.record({ device, kind: fc.constant('push' as const) }),
  fc.record({ device, kind: fc.constant('pull' as const) }),
);

/** Whether an event can take a done task back below 100 (a reopening). */
function mayReopen(item: Event): boolean {
  return (item.kind === 'slider' && item.progress < 100) || (item.kind === 'tick' && !item.done);
}

/** The device's own export, read back by the import: the plan's counts. */
function importOwnExport(tasks: readonly Task[]) {
  const data = { projects: [], tasks, notes: '', calendarEvents: [], userProfile: null };
  const file = formatJsonExport(data, new Date(START));
  const source = readImportText('json', file);
  if (!source.ok) throw new Error(source.message);
  return planImport(source.value, { ...data, storedProjects: [] });
}

/** The first task of the series that is not done yet (the one people work on), else the last one. */
function current(tasks: readonly Task[]): Task | undefined {
  const series = tasks.filter((task) => task.title === WEEKLY.title);
  return series.find((task) => !isTaskDone(task)) ?? series[series.length - 1];
}

function apply(target: Device, item: Event): void {
  const task = current(target.tasks);
  if (!task) return;
  const one = (change: (task: Task) => Task) => (tasks: Task[]) =>
    tasks.map((stored) => (stored.id === task.id ? change(stored) : stored));
  switch (item.kind) {
    case 'slider':
      return target.command((tasks) => board.setTaskProgress(tasks, task.id, item.progress));
    case 'mark':
      return target.command((tasks) => board.completeTask(tasks, task.id));
    case 'tick':
      return target.command(
        one((stored) => {
          const result = checklist.setChecklistItemDone(stored, ITEMS[item.item]!.slice(3), item.done);
          return result.ok ? result.task : stored;
        }),
      );
    case 'switch':
      return target.command(
        one((stored) => {
          const result = checklist.setProgressFollowsChecklist(stored, item.on);
          return result.ok ? result.task : stored;
        }),
      );
    case 'drag':
      return target.command((tasks) => board.moveTaskToColumn(tasks, task.id, item.column));
    case 'import': {
      const plan = importOwnExport(target.tasks);
      expect(plan.updatedTasks).toEqual([]);
      expect(plan.newTasks).toEqual([]);
      return;
    }
    case 'push':
      return target.push();
    case 'pull':
      return target.pull();
  }
}

/**
 * Every task agrees with the rule as it is stored, not only as the screens read it (every write
 * settles: a command's, and the one after a pull).
 */
function expectAgreement(tasks: readonly Record<string, unknown>[]): void {
  for (const raw of tasks) {
    taskSchema.parse(raw);
    const task = raw as Task;
    const done = isTaskDone(task);
    expect(task.progress === 100, 'progress 100 ⇔ done').toBe(done);
    expect(task.status === COMPLETED_STATUS, 'status Completed ⇔ done').toBe(done);
    expect(task.progress).toBe(shownProgress(task));
    if (done && task.repeat !== undefined)
      expect(task.repeatedAs, 'a done task made its next one').toBeDefined();
  }
  const deadlines = tasks.filter((task) => task.title === WEEKLY.title).map((task) => task.deadline);
  expect(new Set(deadlines).size, `each deadline once: ${deadlines.join(', ')}`).toBe(deadlines.length);
}

describe('one rule for done over every path and order (property)', () => {
  it('progress, status, checklist, next occurrence and the completed event agree on both devices and the server', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        const server = new MemoryServer();
        const devices = [new Device('a', server, START), new Device('b', server, START + 7)];
        const [a, b] = devices as [Device, Device];
        a.command((tasks) => [...tasks, { ...WEEKLY }]);
        a.sync();
        b.pull();

        // Times the server's task became done (what tells its owner), by uid.
        const doneOnServer = new Map<string, boolean>();
        const completions = new Map<string, number>();
        const watch = () => {
          for (const [uid, values] of server.viewOf('u1')) {
            const parsed = taskSchema.safeParse({ ...values, id: uid });
            const done = parsed.success && isTaskDone(parsed.data);
            if (done && doneOnServer.get(uid) === false)
              completions.set(uid, (completions.get(uid) ?? 0) + 1);
            doneOnServer.set(uid, done);
          }
        };
        watch();
        for (const [index, item] of events.entries()) {
          const target = devices[item.device]!;
          target.now += 1_000 + index;
          const before = current(target.tasks);
          const wasDone = before !== undefined && isTaskDone(before);
          apply(target, item);
          watch();
          const after = before && target.tasks.find((task) => task.id === before.id);
          if (!after) continue;
          // Each path's own promise, at once on the device where it happened.
          if (item.kind === 'mark' || (item.kind === 'slider' && item.progress === 100)) {
            expect(isTaskDone(after), `${item.kind} completes`).toBe(true);
            if (followsChecklist(before)) {
              const counts = checklist.checklistCounts(after);
              expect(counts.done, 'every item ticked').toBe(counts.total);
            }
          }
          if (item.kind === 'drag' || item.kind === 'import') {
            expect(isTaskDone(after), `${item.kind} leaves done as it was`).toBe(wasDone);
          }
        }
        // Everyone catches up.
        for (let round = 0; round < 4; round++) {
          for (const target of devices) {
            target.now += 1_000;
            target.sync();
            watch();
          }
        }

        for (const target of devices) {
          expectAgreement(target.tasks);
          expect(importOwnExport(target.tasks).updatedTasks).toEqual([]);
        }
        expectAgreement([...server.viewOf('u1')].map(([uid, values]) => ({ ...values, id: uid })));
        const reopenings = events.filter(mayReopen).length;
        for (const count of completions.values()) expect(count).toBeLessThanOrEqual(reopenings + 1);
        expect(a.tasks.map((task) => task.uid).sort()).toEqual(b.tasks.map((task) => task.uid).sort());
      }),
      { numRuns: 150 },
    );
  });
});
