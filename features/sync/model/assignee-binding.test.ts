import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNEE_ID_FIELD,
  ASSIGNEE_NAME_FIELD,
  decideAssigneeBinding,
  decideInitialBinding,
  missingAssigneeMessage,
  resolveNameAlone,
  unresolvedAssigneeMessage,
} from './assignee-binding';
import { formatHlc } from './hlc';
import { mergeOp, type StampedField, type SyncedTask } from './merge';
import type { FieldWrite, Json, SyncOp } from './protocol';

const stamp = (wall: number, node = 'dev1') =>
  formatHlc({ wall: 1_700_000_000_000 + wall, counter: 0, node });
const field = (value: Json, wall: number): StampedField => ({ value, hlc: stamp(wall), seq: 1 });

describe('decideAssigneeBinding', () => {
  it('keeps the stored binding when neither the name nor the id changed (other fields never re-resolve)', () => {
    const before = {
      assignedTo: field('Carol Diaz', 1),
      assigneeId: field('u-carol', 1),
      title: field('a', 1),
    };
    const after = { ...before, title: field('b', 2) };
    expect(decideAssigneeBinding(before, after)).toEqual({ kind: 'keep' });
    // The same name written again later by an older browser: the register was written, so it is
    // resolved (that is what makes every delivery order agree).
    expect(decideAssigneeBinding(before, { ...before, assignedTo: field('Carol Diaz', 5) })).toEqual({
      kind: 'by-name',
      name: 'Carol Diaz',
      hlc: stamp(5),
    });
  });

  it('binds by the id when it is written with or after the name', () => {
    const after = { assignedTo: field('Bob', 2), assigneeId: field('u-bob', 2) };
    expect(decideAssigneeBinding({}, after)).toEqual({ kind: 'by-id', id: 'u-bob' });
    expect(decideAssigneeBinding({}, { ...after, assigneeId: field(null, 3) })).toEqual({
      kind: 'by-id',
      id: null,
    });
    expect(decideAssigneeBinding({}, { assigneeId: field('u-bob', 1) })).toEqual({
      kind: 'by-id',
      id: 'u-bob',
    });
    // Not text: nobody.
    expect(decideAssigneeBinding({}, { assigneeId: field(42, 1) })).toEqual({ kind: 'by-id', id: null });
  });

  it('resolves a name written after the id (an older browser, an import) once, with the name’s stamp', () => {
    const before = { assignedTo: field('Bob', 1), assigneeId: field('u-bob', 1) };
    const after = { ...before, assignedTo: field('Carol Diaz', 4) };
    expect(decideAssigneeBinding(before, after)).toEqual({
      kind: 'by-name',
      name: 'Carol Diaz',
      hlc: stamp(4),
    });
    expect(decideAssigneeBinding({}, { assignedTo: field('  ', 1) })).toEqual({
      kind: 'by-name',
      name: '  ',
      hlc: stamp(1),
    });
    expect(decideAssigneeBinding({}, { assignedTo: field('', 1) })).toEqual({
      kind: 'by-name',
      name: null,
      hlc: stamp(1),
    });
  });

  it('compares names in normal form C', () => {
    const decision = decideAssigneeBinding({}, { assignedTo: field('Jose\u0301', 1) });
    expect(decision).toEqual({ kind: 'by-name', name: 'José'.normalize('NFC'), hlc: stamp(1) });
  });

  it('the start-up pass binds a task by its current name, or by an id it already holds', () => {
    expect(decideInitialBinding({ assignedTo: field('Ann', 1) })).toEqual({
      kind: 'by-name',
      name: 'Ann',
      hlc: stamp(1),
    });
    expect(decideInitialBinding({ title: field('x', 1) })).toEqual({ kind: 'keep' });
    expect(decideInitialBinding({ assignedTo: field('Ann', 1), assigneeId: field('u-ann', 1) })).toEqual({
      kind: 'by-id',
      id: 'u-ann',
    });
  });

  it('binds a name written alone only to its writer, when it is the writer’s own full name', () => {
    const mo = { id: 'u-mo', fullName: 'Mo Member' };
    expect(resolveNameAlone('Mo Member', mo)).toBe('u-mo');
    // Another member's name, even one exactly one account has: nobody.
    expect(resolveNameAlone('Oli Other', mo)).toBeNull();
    // Compared in normal form C (the name arrives normalised; a stored full name may not be).
    expect(resolveNameAlone('José'.normalize('NFC'), { id: 'u-jose', fullName: 'Jose\u0301' })).toBe(
      'u-jose',
    );
    // Exact: case and spaces count.
    expect(resolveNameAlone('mo member', mo)).toBeNull();
    expect(resolveNameAlone(null, mo)).toBeNull();
    // The writer is not known, or has no account any more.
    expect(resolveNameAlone('Mo Member', null)).toBeNull();
    expect(resolveNameAlone('Mo Member', { id: 'u-mo', fullName: null })).toBeNull();
  });

  it('says why a task stays unassigned, naming it', () => {
    expect(unresolvedAssigneeMessage('Ship it', 'Sam Lee')).toBe(
      '“Ship it” was not assigned to “Sam Lee”: a name alone assigns a task only to yourself. Choose the person in Reassign.',
    );
    expect(missingAssigneeMessage(undefined)).toBe(
      'A task was not assigned: that person no longer has an account.',
    );
  });
});

/**
 * The server's binding step (features/sync/model/push-rules.ts bindAssignee) over the pure merge, with a fixed
 * directory of names and writers: applied after each operation, in any delivery order, it must end
 * in the same fields, and the id must always name the person chosen with the final name, or its
 * writer when that name is the writer's own, or nobody.
 */
describe('binding after the merge, in any order (property)', () => {
  const DIRECTORY: Record<string, string | null> = { Ann: 'u-ann', Bob: 'u-bob', 'Sam Lee': null };
  const WRITERS = {
    ann: { id: 'u-ann', fullName: 'Ann' },
    bob: { id: 'u-bob', fullName: 'Bob' },
    sam: { id: 'u-sam-1', fullName: 'Sam Lee' },
  };

  function applyWithBinding(
    task: SyncedTask | undefined,
    op: SyncOp,
    seq: number,
    writer: { id: string; fullName: string },
  ): SyncedTask {
    const before = task?.fields ?? {};
    const merged = mergeOp(task, op, seq).task;
    const decision = decideAssigneeBinding(before, merged.fields);
    if (decision.kind !== 'by-name') return merged;
    // As the server: the name's writer is known when this operation wrote it.
    const wrote = merged.fields[ASSIGNEE_NAME_FIELD]?.seq === seq;
    const id = resolveNameAlone(decision.name, wrote ? writer : null) ?? '';
    const derived: SyncOp = {
      kind: 'upsert',
      opId: 'derived',
      uid: op.uid,
      baseV: seq,
      fields: { [ASSIGNEE_ID_FIELD]: { value: id, hlc: decision.hlc } },
    };
    return mergeOp(merged, derived, seq).task;
  }

  const write = fc.record({
    wall: fc.integer({ min: 0, max: 6 }),
    node: fc.constantFrom('dev1', 'dev2', 'dev3'),
    name: fc.constantFrom('Ann', 'Bob', 'Sam Lee'),
    writer: fc.constantFrom('ann' as const, 'bob' as const, 'sam' as const),
    // An older browser sends the name alone; this version sends the id with it.
    withId: fc.boolean(),
  });

  it('converges, and a name written alone ends bound to its writer when it is theirs, else to nobody', () => {
    fc.assert(
      fc.property(
        fc
          .array(write, { minLength: 1, maxLength: 6 })
          .chain((writes) =>
            fc.tuple(
              fc.constant(writes),
              fc.shuffledSubarray(writes, { minLength: writes.length, maxLength: writes.length }),
            ),
          ),
        ([writes, shuffled]) => {
          const toOp = (w: (typeof writes)[number], index: number): SyncOp => {
            const hlc = formatHlc({ wall: 1_700_000_000_000 + w.wall, counter: index, node: w.node });
            const fields: Record<string, FieldWrite> = { [ASSIGNEE_NAME_FIELD]: { value: w.name, hlc } };
            if (w.withId) fields[ASSIGNEE_ID_FIELD] = { value: DIRECTORY[w.name] ?? 'u-sam-1', hlc };
            return { kind: 'upsert', opId: `op${index}`, uid: 't', baseV: 0, fields };
          };
          const ops = writes.map(toOp);
          const byOrder = (order: SyncOp[]) =>
            order.reduce<SyncedTask | undefined>(
              (task, op, index) =>
                applyWithBinding(task, op, index + 1, WRITERS[writes[ops.indexOf(op)]!.writer]),
              undefined,
            )!;
          const inOrder = byOrder(ops);
          const reordered = byOrder(shuffled.map((w) => ops[writes.indexOf(w)]!));
          const values = (task: SyncedTask) => ({
            name: task.fields[ASSIGNEE_NAME_FIELD]?.value,
            id: task.fields[ASSIGNEE_ID_FIELD]?.value,
          });
          expect(values(reordered)).toEqual(values(inOrder));
          const { name, id } = values(inOrder);
          const winnerIndex = ops.findIndex(
            (op) =>
              op.kind === 'upsert' &&
              op.fields[ASSIGNEE_NAME_FIELD]?.hlc === inOrder.fields[ASSIGNEE_NAME_FIELD]?.hlc,
          );
          const winner = writes[winnerIndex];
          const chosenWithId = ops.some(
            (op) =>
              op.kind === 'upsert' &&
              op.fields[ASSIGNEE_NAME_FIELD]?.hlc === inOrder.fields[ASSIGNEE_NAME_FIELD]?.hlc &&
              op.fields[ASSIGNEE_ID_FIELD] !== undefined,
          );
          expect(winner).toBeDefined();
          // The id agrees with the winning name: sent with it, or its writer's own name, or nobody.
          const writer = WRITERS[winner!.writer];
          expect(id).toBe(
            chosenWithId
              ? (DIRECTORY[name as string] ?? 'u-sam-1')
              : writer.fullName === name
                ? writer.id
                : '',
          );
        },
      ),
    );
  });
});
