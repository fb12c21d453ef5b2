/**
 * Hybrid logical clock for team sync: wall time in ms, a counter for events within the same ms (or
 * while the wall clock lags behind a time already seen), and the node that stamped it. Stamps are
 * fixed-width strings, so comparing two stamps is comparing two strings, in the browser, on the
 * server and in SQL alike. A clock never goes backwards: a stamp received from elsewhere moves it
 * forward, so a device whose wall clock is behind still stamps its next edit after what it has seen.
 */

/** 15 digits of milliseconds last until the year 33658. */
const WALL_DIGITS = 15;
const COUNTER_DIGITS = 6;
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;
/** Node ids go into the stamp as they are: keep them to characters that sort plainly. */
const NODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Where the node starts in a stamp (0-based): SQL reads it with `substr(stamp, HLC_NODE_START + 1)`. */
export const HLC_NODE_START = WALL_DIGITS + COUNTER_DIGITS + 2;
const STAMP_PATTERN = new RegExp(`^(\\d{${WALL_DIGITS}})-(\\d{${COUNTER_DIGITS}})-([A-Za-z0-9_-]{1,64})$`);

export interface HlcState {
  /** The greatest wall time seen or used, in ms. */
  wall: number;
  counter: number;
  node: string;
}

export class InvalidHlcError extends Error {
  override name = 'InvalidHlcError';
}

export function createClock(node: string, wall = 0): HlcState {
  if (!NODE_PATTERN.test(node)) throw new InvalidHlcError(`Invalid clock node id: ${JSON.stringify(node)}`);
  return { wall, counter: 0, node };
}

export function formatHlc({ wall, counter, node }: HlcState): string {
  return `${String(wall).padStart(WALL_DIGITS, '0')}-${String(counter).padStart(COUNTER_DIGITS, '0')}-${node}`;
}

/** Reads a stamp; throws InvalidHlcError for anything that is not one. */
export function parseHlc(stamp: string): HlcState {
  const match = STAMP_PATTERN.exec(stamp);
  if (!match) throw new InvalidHlcError(`Invalid clock stamp: ${JSON.stringify(stamp)}`);
  return { wall: Number(match[1]), counter: Number(match[2]), node: match[3]! };
}

/**
 * Whether two stamps were made by the same clock node (one device: a browser's client id, or the
 * server). The node is a stamp's last part (`parseHlc`); anything that is not a stamp is nobody's.
 */
export function sameNode(a: string, b: string): boolean {
  const node = STAMP_PATTERN.exec(a)?.[3];
  return node !== undefined && node === STAMP_PATTERN.exec(b)?.[3];
}

export function isHlc(stamp: unknown): stamp is string {
  return typeof stamp === 'string' && STAMP_PATTERN.test(stamp);
}

/** Negative, zero or positive as `a` is before, the same as, or after `b`. */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function advance(wall: number, counter: number, node: string): HlcState {
  if (counter > MAX_COUNTER) return { wall: wall + 1, counter: 0, node };
  return { wall, counter, node };
}

/** A local event (an edit): the next stamp, after everything this clock has seen. */
export function tick(state: HlcState, nowMs: number): { state: HlcState; stamp: string } {
  const next =
    nowMs > state.wall
      ? { wall: nowMs, counter: 0, node: state.node }
      : advance(state.wall, state.counter + 1, state.node);
  return { state: next, stamp: formatHlc(next) };
}

/** A stamp from elsewhere (a pull, a push): the clock moves past it, so later local stamps sort after it. */
export function receive(state: HlcState, stamp: string, nowMs: number): HlcState {
  const remote = parseHlc(stamp);
  const wall = Math.max(state.wall, remote.wall, nowMs);
  if (wall === state.wall && wall === remote.wall) {
    return advance(wall, Math.max(state.counter, remote.counter) + 1, state.node);
  }
  if (wall === state.wall) return advance(wall, state.counter + 1, state.node);
  if (wall === remote.wall) return advance(wall, remote.counter + 1, state.node);
  return { wall, counter: 0, node: state.node };
}

/**
 * A stamp too far ahead of `nowMs` (a device whose clock is wrong) would win every later conflict
 * until real time caught up. The server re-stamps such a write with its own clock instead.
 */
export function isTooFarAhead(stamp: string, nowMs: number, maxDriftMs: number): boolean {
  return parseHlc(stamp).wall > nowMs + maxDriftMs;
}
