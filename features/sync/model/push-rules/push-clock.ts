import { isTooFarAhead, receive, tick, type HlcState } from '../hlc';
import { SYNC_LIMITS, type SyncOp } from '../protocol';

/**
 * The server's clock during one push: it goes in as the caller's state, every stamp the push makes
 * or receives moves it, and `state()` is what the caller keeps for the next push. Nothing reads a
 * real clock: `nowMs` is the caller's.
 */
export interface PushClock {
  /** A new server stamp. */
  stamp(): string;
  /** The operation with stamps too far ahead of the server's clock replaced by server stamps; the clock sees the rest. */
  restamp(op: SyncOp): SyncOp;
  state(): HlcState;
}

export function createPushClock(start: HlcState, nowMs: number): PushClock {
  let clock = start;
  const stamp = (): string => {
    const next = tick(clock, nowMs);
    clock = next.state;
    return next.stamp;
  };
  const fix = (hlc: string): string => {
    if (isTooFarAhead(hlc, nowMs, SYNC_LIMITS.maxClockDriftMs)) return stamp();
    clock = receive(clock, hlc, nowMs);
    return hlc;
  };
  const restamp = (op: SyncOp): SyncOp => {
    if (op.kind !== 'upsert') return { ...op, hlc: fix(op.hlc) };
    const fields = Object.fromEntries(
      Object.entries(op.fields).map(([name, write]) => [name, { value: write.value, hlc: fix(write.hlc) }]),
    );
    return { ...op, fields };
  };
  return { stamp, restamp, state: () => clock };
}
