/**
 * What one push does (docs/decisions/0013-team-sync.md), decided without storage: the server
 * (features/sync/server/push-changes.ts) loads what the push needs, calls `decidePush` and writes what
 * it returns; the in-memory reference server of the browser's tests (./testing/memory-server.ts)
 * calls the same function, so both follow one rule book. Nothing here awaits or reads a clock: the
 * stored tasks, the operations already handled and the users are maps given by the caller, and
 * the server's clock goes in and comes back out.
 *
 * Rules the browser engine (./replica.ts) relies on to converge:
 * - Every operation applied or refused for the first time gives its task the push's number, even
 *   when it changed nothing: its sender's next pull brings back what won. Except a refusal of a
 *   writer who may not see the task (or may not make it): that leaves no trace at all.
 * - An upsert writing a value its field does not take (features/tasks/model/task-fields.ts checkTaskFieldValue) is
 *   refused as `invalid`, like an operation over a limit.
 * - An operation already handled for this client is acknowledged again, or refused again with the
 *   reason and message it was refused with, without being applied or recorded twice.
 * - An operation for a task the server does not have, based on a version the sender had seen
 *   (`baseV > 0`), was meant for a task deleted and purged since: it creates nothing, and an
 *   upsert's values are kept as `after-delete` conflict records.
 * - An operation over a limit (docs/decisions/0021-sync-limits.md) stores nothing and does not
 *   move its task, so the sender's pull does not replace the change it keeps.
 * - A task that enters a project (made there, moved there, or changed while it has no number yet)
 *   gets the project's next number in `number`, stamped by the server; a browser's own write to
 *   `number` is dropped (docs/decisions/0049-projects.md).
 */
import { createPushContext } from './push-rules/push-context';
import { decideOp } from './push-rules/dispatch';
import type { PushDecision, PushInput } from './push-rules/push-types';

// The rule book's parts live in ./push-rules/: the clock (push-clock.ts), the decision log
// (push-decision.ts), the limits (limits.ts), the assignee binding (bind-assignee.ts), the three
// outcomes (outcomes.ts) and the checks of one operation in order (dispatch.ts).
export { checkFieldValues, taskLimitMessage } from './push-rules/limits';
export type {
  ConflictDraft,
  LimitRefusal,
  OpOutcome,
  OpRecord,
  PushDecision,
  PushInput,
  Revocation,
  SeenOp,
  StoredTask,
  TaskKeyGiven,
} from './push-rules/push-types';

/** Decides every operation of a push in order; see the module's doc for the rules. */
export function decidePush(input: PushInput): PushDecision {
  const ctx = createPushContext(input);
  for (const op of input.request.ops) decideOp(ctx, op);
  const { decision } = ctx.log;
  decision.response.seq = decision.touched ? input.seq : 0;
  decision.response.serverHlc = ctx.clock.stamp();
  decision.clock = ctx.clock.state();
  return decision;
}
