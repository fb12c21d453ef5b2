import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareHlc,
  createClock,
  formatHlc,
  InvalidHlcError,
  isHlc,
  isTooFarAhead,
  parseHlc,
  receive,
  tick,
  type HlcState,
} from './hlc';

describe('hybrid logical clock stamps', () => {
  it('format and parse round-trip, and sort as strings in time order', () => {
    const stamp = formatHlc({ wall: 1_795_000_000_123, counter: 7, node: 'device-a' });
    expect(stamp).toBe('001795000000123-000007-device-a');
    expect(parseHlc(stamp)).toEqual({ wall: 1_795_000_000_123, counter: 7, node: 'device-a' });
    expect(isHlc(stamp)).toBe(true);
    expect(compareHlc(stamp, formatHlc({ wall: 1_795_000_000_124, counter: 0, node: 'a' }))).toBeLessThan(0);
    expect(compareHlc(stamp, formatHlc({ wall: 1_795_000_000_123, counter: 8, node: 'a' }))).toBeLessThan(0);
  });

  it('refuses what is not a stamp, and node ids that would not sort plainly', () => {
    for (const bad of ['', '12-1-a', '001795000000123-000007-', '001795000000123-000007-a b', 42]) {
      expect(isHlc(bad)).toBe(false);
    }
    expect(() => parseHlc('nope')).toThrow(InvalidHlcError);
    expect(() => createClock('has space')).toThrow(InvalidHlcError);
  });

  it('ticks with the wall clock, and counts within one millisecond or when the wall clock lags', () => {
    let clock = createClock('a');
    let stamp: string;
    ({ state: clock, stamp } = tick(clock, 1000));
    expect(stamp).toBe(formatHlc({ wall: 1000, counter: 0, node: 'a' }));
    ({ state: clock, stamp } = tick(clock, 1000));
    expect(parseHlc(stamp).counter).toBe(1);
    ({ state: clock, stamp } = tick(clock, 900)); // the wall clock went back
    expect(parseHlc(stamp)).toMatchObject({ wall: 1000, counter: 2 });
  });

  it('moves past a received stamp, even one ahead of the wall clock', () => {
    const clock = receive(createClock('a', 1000), formatHlc({ wall: 5000, counter: 3, node: 'b' }), 1200);
    expect(clock).toEqual({ wall: 5000, counter: 4, node: 'a' });
    expect(tick(clock, 1300).stamp > formatHlc({ wall: 5000, counter: 3, node: 'b' })).toBe(true);
  });

  it('flags a stamp further ahead of the server than the allowed drift', () => {
    const stamp = formatHlc({ wall: 10 * 60_000, counter: 0, node: 'a' });
    expect(isTooFarAhead(stamp, 0, 5 * 60_000)).toBe(true);
    expect(isTooFarAhead(stamp, 6 * 60_000, 5 * 60_000)).toBe(false);
  });

  const event = fc.oneof(
    fc.record({ kind: fc.constant('tick' as const), now: fc.integer({ min: 0, max: 10_000 }) }),
    fc.record({
      kind: fc.constant('receive' as const),
      now: fc.integer({ min: 0, max: 10_000 }),
      wall: fc.integer({ min: 0, max: 12_000 }),
      counter: fc.integer({ min: 0, max: 50 }),
    }),
  );

  it('never goes backwards, and every tick is after everything seen (property)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let clock: HlcState = createClock('a');
        let highest = formatHlc(clock);
        for (const step of events) {
          if (step.kind === 'tick') {
            const next = tick(clock, step.now);
            expect(compareHlc(next.stamp, highest)).toBeGreaterThan(0);
            expect(compareHlc(next.stamp, formatHlc(clock))).toBeGreaterThan(0);
            clock = next.state;
            highest = next.stamp;
          } else {
            const remote = formatHlc({ wall: step.wall, counter: step.counter, node: 'b' });
            const before = formatHlc(clock);
            clock = receive(clock, remote, step.now);
            expect(compareHlc(formatHlc(clock), before)).toBeGreaterThan(0);
            const next = tick(clock, step.now);
            expect(compareHlc(next.stamp, remote)).toBeGreaterThan(0);
            if (compareHlc(remote, highest) > 0) highest = remote;
          }
        }
      }),
    );
  });
});
