import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSyncHub, getSyncHub, type StreamCloseReason, type StreamLimits } from './hub';
import {
  decodeCommentsPoke,
  decodePoke,
  decodeSessionsEnded,
  encodeCommentsPoke,
  encodePoke,
  encodeSessionsEnded,
} from './listener';

describe('the sync hub', () => {
  it('pokes the named members and every admin, and no one else', () => {
    const hub = createSyncHub();
    const got: string[] = [];
    hub.subscribe('a', 'user', (seq) => got.push(`a:${seq}`));
    hub.subscribe('a', 'user', (seq) => got.push(`a2:${seq}`));
    hub.subscribe('b', 'user', (seq) => got.push(`b:${seq}`));
    hub.subscribe('boss', 'admin', (seq) => got.push(`boss:${seq}`));
    hub.publish({ seq: 7, userIds: new Set(['a']) });
    expect(got).toEqual(['a:7', 'a2:7', 'boss:7']);
    got.length = 0;
    hub.publish({ seq: 8, userIds: new Set() });
    expect(got).toEqual(['boss:8']);
    got.length = 0;
    hub.publish({ seq: 9, userIds: null });
    expect(got).toEqual(['a:9', 'a2:9', 'b:9', 'boss:9']);
  });

  it('counts streams; unsubscribing twice removes one stream once', () => {
    const hub = createSyncHub();
    const first = hub.subscribe('a', 'user', () => undefined);
    const second = hub.subscribe('a', 'user', () => undefined);
    expect(hub.size()).toBe(2);
    first();
    first();
    expect(hub.size()).toBe(1);
    second();
    expect(hub.size()).toBe(0);
  });

  it('still pokes the others when a sender throws or unsubscribes while the poke goes out', () => {
    const hub = createSyncHub();
    const got: number[] = [];
    const leave = hub.subscribe('a', 'user', () => leave());
    hub.subscribe('a', 'user', () => {
      throw new Error('closed');
    });
    hub.subscribe('a', 'user', (seq) => got.push(seq));
    hub.publish({ seq: 3, userIds: new Set(['a']) });
    expect(got).toEqual([3]);
    expect(hub.size()).toBe(2);
  });

  it('is one hub per process, kept on globalThis', () => {
    expect(getSyncHub()).toBe(getSyncHub());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('tasklane.syncHub')]).toBe(getSyncHub());
  });

  it('pokes exactly the streams entitled to it, whatever the subscribers and audience', () => {
    const user = fc.constantFrom('u1', 'u2', 'u3', 'u4');
    fc.assert(
      fc.property(
        fc.array(fc.record({ userId: user, admin: fc.boolean() }), { maxLength: 8 }),
        fc.option(fc.uniqueArray(user), { nil: null }),
        (subscribers, audience) => {
          const hub = createSyncHub();
          const poked = subscribers.map(() => false);
          subscribers.forEach(({ userId, admin }, index) =>
            hub.subscribe(userId, admin ? 'admin' : 'user', () => {
              poked[index] = true;
            }),
          );
          hub.publish({ seq: 1, userIds: audience === null ? null : new Set(audience) });
          const expected = subscribers.map(
            ({ userId, admin }) => admin || audience === null || audience.includes(userId),
          );
          expect(poked).toEqual(expected);
        },
      ),
    );
  });
});

describe('the sync hub’s comments events', () => {
  it('reach the named members and every admin, only through the comments sender', () => {
    const hub = createSyncHub();
    const got: string[] = [];
    hub.subscribe('a', 'user', (seq) => got.push(`a poke:${seq}`), {
      comments: (task) => got.push(`a:${task}`),
    });
    hub.subscribe('b', 'user', () => got.push('b poke'), { comments: (task) => got.push(`b:${task}`) });
    hub.subscribe('boss', 'admin', () => got.push('boss poke'), {
      comments: (task) => got.push(`boss:${task}`),
    });
    // A stream without a comments sender gets none (and no poke either).
    hub.subscribe('a', 'user', () => got.push('old poke'));
    hub.publishComments({ task: 't1', userIds: new Set(['a']) });
    expect(got).toEqual(['a:t1', 'boss:t1']);
    got.length = 0;
    hub.publishComments({ task: null, userIds: null });
    expect(got).toEqual(['a:null', 'b:null', 'boss:null']);
  });

  it('still reach the others when a sender throws', () => {
    const hub = createSyncHub();
    const got: (string | null)[] = [];
    hub.subscribe('a', 'user', () => undefined, {
      comments: () => {
        throw new Error('closed');
      },
    });
    hub.subscribe('a', 'user', () => undefined, { comments: (task) => got.push(task) });
    hub.publishComments({ task: 't9', userIds: new Set(['a']) });
    expect(got).toEqual(['t9']);
  });
});

describe('labels events', () => {
  it('reach every stream with a labels sender, members and admins, and skip the others', () => {
    const hub = createSyncHub();
    const got: string[] = [];
    hub.subscribe('a', 'user', () => got.push('a poke'), { labels: () => got.push('a') });
    hub.subscribe('boss', 'admin', () => got.push('boss poke'), { labels: () => got.push('boss') });
    hub.subscribe('b', 'user', () => got.push('b poke'), {
      labels: () => {
        throw new Error('closed');
      },
    });
    hub.subscribe('c', 'user', () => got.push('c poke'), { labels: () => got.push('c') });
    // A stream without a labels sender gets none (and no poke either).
    hub.subscribe('d', 'user', () => got.push('d poke'));
    hub.publishLabels();
    expect(got).toEqual(['a', 'boss', 'c']);
  });
});

describe('projects events', () => {
  it('reach every stream with a projects sender, and neither a labels sender nor a stream without one', () => {
    const hub = createSyncHub();
    const got: string[] = [];
    hub.subscribe('a', 'user', () => got.push('a poke'), {
      projects: () => got.push('a'),
      labels: () => got.push('a labels'),
    });
    hub.subscribe('boss', 'admin', () => got.push('boss poke'), { projects: () => got.push('boss') });
    hub.subscribe('b', 'user', () => got.push('b poke'), {
      projects: () => {
        throw new Error('closed');
      },
    });
    hub.subscribe('c', 'user', () => got.push('c poke'), { projects: () => got.push('c') });
    // A stream of the previous version's shape (labels only) gets none.
    hub.subscribe('d', 'user', () => got.push('d poke'), { labels: () => got.push('d labels') });
    hub.publishProjects();
    expect(got).toEqual(['a', 'boss', 'c']);
  });
});

describe('the NOTIFY payload of a comments poke', () => {
  it('names the task and the audience, or everyone when the list is too long', () => {
    expect(encodeCommentsPoke({ task: 't1', userIds: new Set(['a']) })).toBe('{"task":"t1","users":["a"]}');
    expect(encodeCommentsPoke({ task: null, userIds: null })).toBe('{"task":null,"users":null}');
    const many = new Set(
      Array.from({ length: 300 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`),
    );
    expect(encodeCommentsPoke({ task: 't1', userIds: many })).toBe('{"task":"t1","users":null}');
  });

  it('decodes what it encodes, and refuses malformed payloads', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 64 }), { nil: null }),
        fc.option(fc.uniqueArray(fc.string({ maxLength: 40 }), { maxLength: 50 }), { nil: null }),
        (task, users) => {
          const poke = { task, userIds: users === null ? null : new Set(users) };
          expect(decodeCommentsPoke(encodeCommentsPoke(poke))).toEqual(poke);
        },
      ),
    );
    for (const payload of [
      '',
      'x',
      'null',
      '[]',
      '{"task":1,"users":null}',
      '{"task":"t"}',
      '{"task":"t","users":[2]}',
    ]) {
      expect(decodeCommentsPoke(payload), payload).toBeNull();
    }
    // A push's poke is not a comments poke.
    expect(decodeCommentsPoke('{"seq":3,"users":null}')).toBeNull();
  });
});

describe('the NOTIFY payload of a poke', () => {
  it('names the audience, or says everyone when the list would reach 8000 bytes', () => {
    expect(encodePoke({ seq: 12, userIds: new Set(['a', 'b']) })).toBe('{"seq":12,"users":["a","b"]}');
    expect(encodePoke({ seq: 12, userIds: null })).toBe('{"seq":12,"users":null}');
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    // 21 bytes of frame, 38 per quoted id and a comma between: 204 ids take 7976 bytes, 205 take 8015.
    const fits = new Set(Array.from({ length: 204 }, (_, n) => uuid(n)));
    expect(Buffer.byteLength(encodePoke({ seq: 12, userIds: fits }))).toBe(7976);
    const tooMany = new Set(Array.from({ length: 205 }, (_, n) => uuid(n)));
    expect(encodePoke({ seq: 12, userIds: tooMany })).toBe('{"seq":12,"users":null}');
  });

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.option(fc.uniqueArray(fc.string({ maxLength: 40 }), { maxLength: 50 }), { nil: null }),
        (seq, users) => {
          const poke = { seq, userIds: users === null ? null : new Set(users) };
          expect(decodePoke(encodePoke(poke))).toEqual(poke);
        },
      ),
    );
  });

  it('refuses malformed payloads', () => {
    for (const payload of [
      '',
      'not json',
      'null',
      '[]',
      '{"users":null}',
      '{"seq":-1,"users":null}',
      '{"seq":1.5,"users":null}',
      '{"seq":"3","users":null}',
      '{"seq":3}',
      '{"seq":3,"users":"a"}',
      '{"seq":3,"users":[1]}',
    ]) {
      expect(decodePoke(payload), payload).toBeNull();
    }
    expect(decodePoke('{"seq":0,"users":[]}')).toEqual({ seq: 0, userIds: new Set() });
  });
});

describe('the sync hub’s caps and closes', () => {
  const LIMITS: StreamLimits = { perUser: 2, perAddress: 3, perInstance: 4 };

  /** Subscribes a stream named `user@address` that records how it was closed and leaves the hub then. */
  function open(hub: ReturnType<typeof createSyncHub>, userId: string, address: string, log: string[]) {
    const leave = hub.subscribe(userId, 'user', () => undefined, {
      address,
      close: (reason: StreamCloseReason) => {
        log.push(`${userId}@${address}:${reason}`);
        leave();
      },
    });
  }

  it('closes the user’s oldest streams (`replaced`) to make room at their cap, and only theirs', () => {
    const hub = createSyncHub();
    const closed: string[] = [];
    open(hub, 'a', 'x', closed);
    open(hub, 'a', 'y', closed);
    open(hub, 'b', 'x', closed);
    expect(hub.makeRoom('b', 'z', LIMITS)).toBeNull();
    expect(closed).toEqual([]);
    expect(hub.makeRoom('a', 'z', LIMITS)).toBeNull();
    expect(closed).toEqual(['a@x:replaced']);
    expect(hub.size()).toBe(2);
    // Lowered below what the user holds: every surplus stream goes, oldest first.
    open(hub, 'a', 'z', closed);
    expect(hub.makeRoom('a', 'w', { ...LIMITS, perUser: 1 })).toBeNull();
    expect(closed).toEqual(['a@x:replaced', 'a@y:replaced', 'a@z:replaced']);
  });

  it('refuses beyond the address and instance caps without closing anything', () => {
    const hub = createSyncHub();
    const closed: string[] = [];
    open(hub, 'a', 'x', closed);
    open(hub, 'b', 'x', closed);
    open(hub, 'c', 'x', closed);
    expect(hub.makeRoom('d', 'x', LIMITS)).toBe('address');
    expect(hub.makeRoom('d', 'y', LIMITS)).toBeNull();
    open(hub, 'd', 'y', closed);
    expect(hub.makeRoom('e', 'z', LIMITS)).toBe('instance');
    expect(closed).toEqual([]);
    // The user's own replaced stream frees its place at both caps.
    expect(hub.makeRoom('a', 'x', { ...LIMITS, perUser: 1 })).toBeNull();
    expect(closed).toEqual(['a@x:replaced']);
  });

  it('closes every stream of the named users (`session`) and no other; a close that throws is skipped', () => {
    const hub = createSyncHub();
    const closed: string[] = [];
    open(hub, 'a', 'x', closed);
    hub.subscribe('a', 'user', () => undefined, {
      close: () => {
        throw new Error('already gone');
      },
    });
    open(hub, 'a', 'y', closed);
    open(hub, 'b', 'x', closed);
    open(hub, 'c', 'x', closed);
    hub.closeUsers(['a', 'c']);
    expect(closed).toEqual(['a@x:session', 'a@y:session', 'c@x:session']);
    expect(hub.size()).toBe(1);
    hub.closeUsers(['nobody']);
    expect(hub.size()).toBe(1);
  });

  it('remembers whom it closed and when, for streams whose token was checked before', () => {
    const hub = createSyncHub();
    const before = performance.now();
    hub.closeUsers(['a']);
    expect(hub.closedSince('a', before)).toBe(true);
    expect(hub.closedSince('a', performance.now() + 1)).toBe(false);
    expect(hub.closedSince('b', before)).toBe(false);
  });

  it('closes the streams opened with the named sessions (a logout) and no other of the user', () => {
    const hub = createSyncHub();
    const closed: string[] = [];
    const openWith = (userId: string, address: string, session?: string) =>
      hub.subscribe(userId, 'user', () => undefined, {
        address,
        session,
        close: (reason) => closed.push(`${userId}@${address}:${reason}`),
      });
    openWith('a', 'laptop', 's1');
    openWith('a', 'laptop-tab', 's1');
    openWith('a', 'phone', 's2');
    openWith('a', 'old', undefined);
    const before = performance.now();
    hub.closeSessions(['s1']);
    expect(closed).toEqual(['a@laptop:session', 'a@laptop-tab:session']);
    expect(hub.size()).toBe(2);
    // Remembered, for a stream of that session whose token was checked before the close.
    expect(hub.closedSince('a', before, 's1')).toBe(true);
    expect(hub.closedSince('a', before, 's2')).toBe(false);
    expect(hub.closedSince('a', before)).toBe(false);
    expect(hub.closedSince('a', performance.now() + 1, 's1')).toBe(false);
  });

  it('encodes and decodes the sessions-ended payload, and refuses malformed ones', () => {
    // An account change: the payload of the previous version, unchanged.
    expect(encodeSessionsEnded(['a', 'b'])).toBe('{"users":["a","b"]}');
    expect(decodeSessionsEnded(encodeSessionsEnded(['a', 'b']))).toEqual({ users: ['a', 'b'], sessions: [] });
    // A logout: no user, so an instance of the previous version (reading `users` only) closes nothing.
    expect(encodeSessionsEnded([], ['s1'])).toBe('{"users":[],"sessions":["s1"]}');
    expect(decodeSessionsEnded(encodeSessionsEnded([], ['s1']))).toEqual({ users: [], sessions: ['s1'] });
    for (const payload of [
      '',
      'x',
      'null',
      '{}',
      '{"users":null}',
      '{"users":[1]}',
      '{"users":"a"}',
      '{"sessions":["s1"]}',
      '{"users":[],"sessions":"s1"}',
      '{"users":[],"sessions":[1]}',
    ]) {
      expect(decodeSessionsEnded(payload), payload).toBeNull();
    }
  });
});
