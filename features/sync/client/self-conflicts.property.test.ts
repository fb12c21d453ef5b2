/**
 * Issue 33 §1: sync never cries wolf. Devices edit one task, push in bursts before their earlier
 * pushes' versions come back (so with a stale `baseV`), sometimes out of order (a retry arriving
 * late), and pull now and then; the server is the rule book's (`MemoryServer`, `decidePush`).
 *
 * The model says which replaced values are conflicts, from what each device had seen rather than
 * from versions: a value is a conflict when a write of ANOTHER device replaced it without that
 * device having pulled it, or when it lost to another device's value. One device alone: none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock, receive, tick, type HlcState } from '../model/hlc';
import type { Json, SyncOp } from '../model/protocol';
import { MemoryServer } from '../testing/memory-server';

const UID = 'task-1';
const FIELDS = ['title', 'description', 'progress'] as const;

interface Device {
  clientId: string;
  userId: string;
  clock: HlcState;
  /** The task's version in the last pull: the `baseV` of its next edits. */
  baseV: number;
  /** The stamps of the values it has pulled (or written itself). */
  known: Set<string>;
  /** Edits not sent yet, with the stamps the device had seen when it made each. */
  queue: { op: Extract<SyncOp, { kind: 'upsert' }>; known: Set<string> }[];
  opCount: number;
}

/** A value of the field's kind (the server refuses others): text for title and description. */
function fieldValue(field: (typeof FIELDS)[number], value: number): Json {
  return field === 'progress' ? value : `v${value}`;
}

type Action =
  | { t: 'edit'; d: number; field: (typeof FIELDS)[number]; value: number }
  | { t: 'push'; d: number; count: number; reversed: boolean }
  | { t: 'pull'; d: number };

function actions(devices: number) {
  const device = fc.nat({ max: devices - 1 });
  return fc.array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          t: fc.constant('edit' as const),
          d: device,
          field: fc.constantFrom(...FIELDS),
          // Few values, so that equal values (which lose nothing) happen too.
          value: fc.integer({ min: 0, max: 4 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          t: fc.constant('push' as const),
          d: device,
          count: fc.integer({ min: 1, max: 4 }),
          reversed: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ t: fc.constant('pull' as const), d: device }) },
    ),
    { maxLength: 40 },
  );
}

interface Expected {
  field: string;
  value: Json;
  hlc: string;
  authorId: string;
}

/** Runs a history; returns the server's concurrent records and the ones the model expects. */
function run(people: string[], steps: Action[]) {
  const server = new MemoryServer();
  let now = 1_000_000;
  const devices: Device[] = people.map((userId, index) => ({
    clientId: `dev${index}`,
    userId,
    clock: createClock(`dev${index}`),
    baseV: 0,
    known: new Set(),
    queue: [],
    opCount: 0,
  }));
  // Who wrote each stamp (every device writes only its own stamps).
  const writerOf = new Map<string, string>();
  const expected: Expected[] = [];

  const pull = (device: Device) => {
    const task = server.tasks.get(UID);
    if (!task) return;
    device.baseV = task.version;
    for (const stamped of Object.values(task.fields)) {
      device.known.add(stamped.hlc);
      device.clock = receive(device.clock, stamped.hlc, now);
    }
  };

  // The task exists on the server and every device has it.
  const first = devices[0]!;
  const created = tick(first.clock, now);
  first.clock = created.state;
  writerOf.set(created.stamp, first.userId);
  const base = Object.fromEntries(
    FIELDS.map((field) => [field, { value: fieldValue(field, 0), hlc: created.stamp }]),
  );
  server.push(
    first.userId,
    { clientId: first.clientId, ops: [{ opId: 'o0', uid: UID, kind: 'upsert', baseV: 0, fields: base }] },
    now,
  );
  for (const device of devices) pull(device);

  for (const step of steps) {
    now += 7;
    const device = devices[step.d]!;
    if (step.t === 'edit') {
      const next = tick(device.clock, now);
      device.clock = next.state;
      writerOf.set(next.stamp, device.userId);
      device.opCount += 1;
      device.queue.push({
        op: {
          opId: `o${device.opCount}`,
          uid: UID,
          kind: 'upsert',
          baseV: device.baseV,
          fields: { [step.field]: { value: fieldValue(step.field, step.value), hlc: next.stamp } },
        },
        known: new Set(device.known),
      });
      device.known.add(next.stamp);
    } else if (step.t === 'push') {
      const sent = device.queue.splice(0, step.count);
      if (step.reversed) sent.reverse();
      if (sent.length === 0) continue;
      // The model, op by op, against the server's values as each op finds them.
      const fields = { ...server.tasks.get(UID)!.fields };
      for (const { op, known } of sent) {
        for (const [field, write] of Object.entries(op.fields)) {
          const current = fields[field]!;
          const otherDevice = !current.hlc.endsWith(`-${device.clientId}`);
          const differs = JSON.stringify(current.value) !== JSON.stringify(write.value);
          if (write.hlc > current.hlc) {
            if (otherDevice && differs && !known.has(current.hlc))
              expected.push({
                field,
                value: current.value,
                hlc: current.hlc,
                authorId: writerOf.get(current.hlc)!,
              });
            fields[field] = { ...write, seq: 0 };
          } else if (otherDevice && differs) {
            expected.push({ field, value: write.value, hlc: write.hlc, authorId: device.userId });
          }
        }
      }
      server.push(device.userId, { clientId: device.clientId, ops: sent.map((entry) => entry.op) }, now);
    } else {
      pull(device);
    }
  }
  const actual = server.conflicts
    .filter((record) => record.reason === 'concurrent')
    .map(({ field, value, hlc, authorId }) => ({ field, value, hlc, authorId }));
  return { actual, expected };
}

const sorted = (
  records: Expected[] | { field: string; value: Json; hlc: string; authorId: string | null }[],
) => [...records].sort((a, b) => (a.hlc + a.field < b.hlc + b.field ? -1 : 1));

describe('conflict records (property, issue 33)', () => {
  it('one device pushing in bursts with a stale baseV, in any order, makes no conflict record', () => {
    fc.assert(
      fc.property(actions(1), (steps) => {
        expect(run(['alice'], steps).actual).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('two devices (two people, or one person on two devices) make exactly the records the model says', () => {
    fc.assert(
      fc.property(actions(2), fc.boolean(), (steps, samePerson) => {
        const { actual, expected } = run(samePerson ? ['alice', 'alice'] : ['alice', 'bob'], steps);
        expect(sorted(actual)).toEqual(sorted(expected));
      }),
      { numRuns: 400 },
    );
  });

  it('three devices too', () => {
    fc.assert(
      fc.property(actions(3), (steps) => {
        const { actual, expected } = run(['alice', 'bob', 'carol'], steps);
        expect(sorted(actual)).toEqual(sorted(expected));
      }),
      { numRuns: 200 },
    );
  });
});
