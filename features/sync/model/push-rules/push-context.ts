import { occurrenceOwners } from '../occurrence-owner';
import { createLimits } from './limits';
import { createPushClock, type PushClock } from './push-clock';
import { createPushLog, type PushLog } from './push-decision';
import type { PushInput } from './push-types';

/** What every part of one push's decision shares: its input, its clock, its log and its limits. */
export interface PushContext {
  input: PushInput;
  clock: PushClock;
  log: PushLog;
  overLimit: ReturnType<typeof createLimits>;
  /** The ids known to be users': the input's, and the actor's once their name was read. */
  userIds: ReadonlySet<string>;
  /** Which of the push's tasks a new task follows as its next occurrence (../occurrence-owner.ts). */
  series: ReturnType<typeof occurrenceOwners>;
}

export function createPushContext(input: PushInput): PushContext {
  // An id resolved from a name (the actor's own) is a user's, whoever binds it next.
  const userIds = new Set(input.userIds);
  if (input.actorName !== null) userIds.add(input.actor.id);
  return {
    input,
    clock: createPushClock(input.clock, input.nowMs),
    log: createPushLog(input),
    overLimit: createLimits(input),
    userIds,
    series: occurrenceOwners(input.request.ops),
  };
}
