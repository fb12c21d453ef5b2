import { taskValues, type SyncedTask } from '../merge';
import type { Json, SyncOp } from '../protocol';
import { checkTaskValues } from '../task-size';
import { checkTaskFieldValue } from '@/features/tasks/model/task-fields';
import type { LimitRefusal, PushInput } from './push-types';
import { formatCount } from '@/shared/format/count';

/*
 * The limits one push is held to (docs/decisions/0021-sync-limits.md): a value its field does not
 * take, a task past the sizes of ../task-size.ts, an owner past the task cap. An operation over one
 * stores nothing and does not move its task.
 */

/**
 * Why an upsert may not be stored because of a value its field does not take (features/tasks/model/task-fields.ts
 * checkTaskFieldValue), or null: a browser could not show the task as sent (a priority of
 * `<b>high</b>` hid it from every board).
 */
export function checkFieldValues(fields: Readonly<Record<string, { value: Json }>>): string | null {
  for (const [field, write] of Object.entries(fields)) {
    const rule = checkTaskFieldValue(field, write.value);
    if (rule !== null) return `${rule} The change stays in this browser.`;
  }
  return null;
}

export function taskLimitMessage(maxTasks: number): string {
  return `You already have ${formatCount(maxTasks)} synced tasks, the most one account may have: delete some to sync new ones. The change stays in this browser.`;
}

/**
 * The limit check of one push: `overLimit(op, current)` says why `op` may not be stored on the task
 * as it stands (undefined: the server does not have it), or null. It counts the tasks the push
 * creates, so the cap holds within one push too.
 */
export function createLimits(
  input: Pick<PushInput, 'ownedTasks' | 'maxTasksPerOwner'>,
): (op: SyncOp, current: SyncedTask | undefined) => LimitRefusal | null {
  let owned = input.ownedTasks;
  return (op, current) => {
    if (op.kind !== 'upsert') return null;
    const invalid = checkFieldValues(op.fields);
    if (invalid !== null) return { reason: 'invalid', message: invalid };
    const values = current ? taskValues(current) : {};
    for (const [field, write] of Object.entries(op.fields)) values[field] = write.value;
    const message = checkTaskValues(values);
    if (message !== null) return { reason: 'too-large', message };
    // A new task: its sender becomes its owner. A delete or restore of a task the server never
    // had makes at most a tombstone, which the cap does not count.
    if (current === undefined && op.baseV === 0) {
      if (owned >= input.maxTasksPerOwner) {
        return { reason: 'task-limit', message: taskLimitMessage(input.maxTasksPerOwner) };
      }
      owned += 1;
    }
    return null;
  };
}
