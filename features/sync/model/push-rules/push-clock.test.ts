import { describe, expect, it } from 'vitest';
import { compareHlc, createClock, formatHlc, parseHlc } from '../hlc';
import { SYNC_LIMITS, type SyncOp } from '../protocol';
import { createPushClock } from './push-clock';

const NOW = 10_000_000;

describe('createPushClock', () => {
  it('keeps stamps within the drift and moves the clock past them', () => {
    const clock = createPushClock(createClock('server'), NOW);
    const sent = formatHlc({ wall: NOW + 1000, counter: 3, node: 'dev' });
    const op: SyncOp = { kind: 'delete', opId: 'o1', uid: 't1', baseV: 1, hlc: sent };
    expect(clock.restamp(op)).toEqual(op);
    expect(compareHlc(clock.stamp(), sent)).toBeGreaterThan(0);
  });

  it('replaces stamps too far ahead by server stamps', () => {
    const clock = createPushClock(createClock('server'), NOW);
    const ahead = formatHlc({ wall: NOW + SYNC_LIMITS.maxClockDriftMs + 1, counter: 0, node: 'dev' });
    const op: SyncOp = {
      kind: 'upsert',
      opId: 'o1',
      uid: 't1',
      baseV: 0,
      fields: { title: { value: 'a', hlc: ahead } },
    };
    const restamped = clock.restamp(op);
    expect(restamped.kind === 'upsert' && parseHlc(restamped.fields.title!.hlc).node).toBe('server');
    expect(parseHlc(clock.stamp()).wall).toBe(NOW);
  });

  it('gives the state its stamps left, without changing the one it started from', () => {
    const start = createClock('server');
    const clock = createPushClock(start, NOW);
    const stamp = clock.stamp();
    expect(formatHlc(clock.state())).toBe(stamp);
    expect(start).toEqual(createClock('server'));
  });
});
