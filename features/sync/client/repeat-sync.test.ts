import { describe, expect, it } from 'vitest';

import * as board from '@/features/tasks/model/board';
import { nextOccurrenceUid } from '@/features/tasks/model/repeat-spawn';
import { hasPending } from './replica';
import { Device } from '../testing/device';
import { sampleTask } from '../testing/fixtures';
import { MemoryServer } from '../testing/memory-server';

const USER = 'u1';
const START = Date.UTC(2026, 10, 26, 9);

const REPEATING = sampleTask({
  title: 'Standup notes',
  deadline: '2026-11-26',
  progress: 40,
  repeat: { every: 'week', interval: 1, from: 'deadline' },
  ck_a: { text: 'Agenda', done: true, pos: 1 },
});

function twoDevicesWithTheTask(): { server: MemoryServer; a: Device; b: Device } {
  const server = new MemoryServer();
  const a = new Device('a', server, START);
  const b = new Device('b', server, START + 1_000);
  a.command((tasks) => [...tasks, { ...REPEATING, id: 'a1' }]);
  a.sync();
  b.pull();
  expect(b.tasks).toHaveLength(1);
  return { server, a, b };
}

describe('completing a repeating task with team sync', () => {
  it('sends the next occurrence, whose uid the replica did not know, with the completion', () => {
    const { server, a, b } = twoDevicesWithTheTask();
    const uid = a.tasks[0]!.uid as string;
    a.now += 60_000;
    a.command((tasks) => board.setTaskProgress(tasks, tasks[0]!.id, 100));
    expect(a.tasks).toHaveLength(2);
    const next = a.tasks[1]!;
    expect(next.uid).toBe(nextOccurrenceUid(uid));
    // The replica found a uid it did not know and made every field of it a write to send.
    expect(Object.keys(a.meta.dirty[next.uid as string]!.f)).toEqual(
      expect.arrayContaining(['title', 'description', 'deadline', 'repeat', 'ck_a', 'createdAt']),
    );
    a.sync();
    expect(server.viewOf(USER).get(next.uid as string)).toMatchObject({
      title: 'Standup notes',
      deadline: '2026-12-03',
      progress: 0,
      ck_a: { text: 'Agenda', done: false, pos: 1 },
    });
    b.pull();
    expect(b.byTitle('Standup notes').map((task) => task.deadline)).toEqual(['2026-11-26', '2026-12-03']);
    // A sync write does not make another one on the device that receives the completion.
    expect(b.tasks).toHaveLength(2);
  });

  it('two devices completing it offline give one next task, on the server and on both, and no conflict', () => {
    const { server, a, b } = twoDevicesWithTheTask();
    a.now += 60_000;
    b.now += 90_000;
    a.command((tasks) => board.setTaskProgress(tasks, tasks[0]!.id, 100));
    b.command((tasks) => board.completeTask(tasks, tasks[0]!.id));
    expect(a.tasks).toHaveLength(2);
    expect(b.tasks).toHaveLength(2);
    expect(a.tasks[1]!.uid).toBe(b.tasks[1]!.uid);

    a.sync();
    b.sync();
    a.pull();

    const onServer = [...server.viewOf(USER).values()].filter((task) => task.title === 'Standup notes');
    expect(onServer).toHaveLength(2);
    expect(onServer.map((task) => task.deadline).sort()).toEqual(['2026-11-26', '2026-12-03']);
    for (const device of [a, b]) {
      const [done, next] = device.byTitle('Standup notes');
      expect(device.tasks).toHaveLength(2);
      expect(done).toMatchObject({ progress: 100, repeatedAs: next!.uid });
      expect(next).toMatchObject({ progress: 0, deadline: '2026-12-03', uid: a.tasks[1]!.uid });
      expect(hasPending(device.meta)).toBe(false);
    }
    expect(server.conflicts).toEqual([]);

    // Completing the next one then makes the one after it, once, wherever it is done.
    b.command((tasks) => board.setTaskProgress(tasks, tasks[1]!.id, 100));
    b.sync();
    a.pull();
    expect(a.byTitle('Standup notes').map((task) => task.deadline)).toEqual([
      '2026-11-26',
      '2026-12-03',
      '2026-12-10',
    ]);
  });
});
