import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseAddress, parseTrustedHops, resolveClientAddress } from './client-address.cjs';

describe('parseTrustedHops', () => {
  it('reads unset, false, true and a hop count', () => {
    expect(parseTrustedHops(undefined)).toBe(0);
    expect(parseTrustedHops('')).toBe(0);
    expect(parseTrustedHops('false')).toBe(0);
    expect(parseTrustedHops('0')).toBe(0);
    expect(parseTrustedHops('true')).toBe(1);
    expect(parseTrustedHops(' TRUE ')).toBe(1);
    expect(parseTrustedHops('2')).toBe(2);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '-1', '1.5', '11', 'loopback']) {
      expect(() => parseTrustedHops(value)).toThrow(/Invalid environment variable TRUST_PROXY/);
    }
  });
});

describe('normaliseAddress', () => {
  it('turns IPv4-mapped IPv6 peers into IPv4 and keeps real IPv6', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress(' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(normaliseAddress('::1')).toBe('::1');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('resolveClientAddress', () => {
  it('uses the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(resolveClientAddress('6.6.6.6', '::ffff:198.51.100.7', 0)).toBe('198.51.100.7');
    expect(resolveClientAddress(undefined, '198.51.100.7', 0)).toBe('198.51.100.7');
    expect(resolveClientAddress('', undefined, 0)).toBe('unknown');
  });

  it('takes the address the outermost trusted proxy saw', () => {
    // client → proxy (appends the client) → app: the peer is the proxy.
    expect(resolveClientAddress('203.0.113.5', '10.0.0.2', 1)).toBe('203.0.113.5');
    // A forged entry written by the client sits to the left and is ignored.
    expect(resolveClientAddress('6.6.6.6, 203.0.113.5', '10.0.0.2', 1)).toBe('203.0.113.5');
    // Two proxies: the outer one appended the client, the inner one appended the outer proxy.
    expect(resolveClientAddress('6.6.6.6, 203.0.113.5, 10.0.0.9', '10.0.0.2', 2)).toBe('203.0.113.5');
    // Fewer entries than hops: the leftmost one there is (a misconfiguration, still not forged by the count).
    expect(resolveClientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
  });

  const address = fc.ipV4();
  const chain = fc.array(address, { maxLength: 5 });

  it('ignores whatever a client prepends to the header (property)', () => {
    fc.assert(
      fc.property(chain, chain, address, fc.integer({ min: 0, max: 4 }), (forged, appended, peer, hops) => {
        fc.pre(appended.length >= hops);
        const honest = resolveClientAddress(appended.join(', ') || undefined, peer, hops);
        const withForgery = resolveClientAddress(
          [...forged, ...appended].join(', ') || undefined,
          peer,
          hops,
        );
        expect(withForgery).toBe(honest);
      }),
    );
  });

  it('always answers one entry of the chain or the peer (property)', () => {
    fc.assert(
      fc.property(chain, address, fc.integer({ min: 0, max: 10 }), (entries, peer, hops) => {
        const result = resolveClientAddress(entries.join(',') || undefined, peer, hops);
        expect([...entries, peer]).toContain(result);
        if (hops === 0) expect(result).toBe(peer);
      }),
    );
  });
});
