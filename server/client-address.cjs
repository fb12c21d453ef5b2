'use strict';
/**
 * The client's real address for per-address rate limits, decided where the socket is still
 * visible. Route handlers only see headers, and Next.js's own server fills `X-Forwarded-For` from
 * the socket only when the request brings none, so a client talking to the app directly could write
 * its own address. client-address-preload.cjs applies these rules to every request before Next.js:
 * - `TRUST_PROXY` unset, `false` or `0`: the socket's peer.
 * - `TRUST_PROXY=N` (N reverse proxies in front; `true` means 1): the address the outermost trusted
 *   proxy saw, i.e. N entries left of the peer in `X-Forwarded-For` + peer. Entries further left
 *   were written by the client and are ignored.
 * Plain CommonJS with no dependencies: it runs before any bundler or TypeScript is involved.
 */
const MAX_TRUSTED_HOPS = 10;
/** Set on globalThis once the hook is installed; start-up warns in production when it is missing. */
const MARKER = Symbol.for('tasklane.clientAddress');

/** `TRUST_PROXY` → number of trusted proxy hops; throws a one-line message on anything else. */
function parseTrustedHops(value) {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text) && Number(text) <= MAX_TRUSTED_HOPS) return Number(text);
  throw new Error(
    `Invalid environment variable TRUST_PROXY: "${value}". Use the number of reverse proxies in front of the app (0 to ${MAX_TRUSTED_HOPS}; true means 1).`,
  );
}

/** IPv4 peers of a dual-stack socket arrive as `::ffff:1.2.3.4`; count them as `1.2.3.4`. */
function normaliseAddress(address) {
  const trimmed = String(address ?? '').trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/**
 * The client address: the peer itself with no trusted hops, otherwise the entry `trustedHops`
 * places to the left of the peer in `X-Forwarded-For`, or the leftmost entry when the chain is shorter.
 */
function resolveClientAddress(forwardedFor, socketAddress, trustedHops) {
  const chain = [];
  if (trustedHops > 0 && forwardedFor) {
    for (const part of String(forwardedFor).split(',')) {
      const entry = normaliseAddress(part);
      if (entry) chain.push(entry);
    }
  }
  chain.push(normaliseAddress(socketAddress) || 'unknown');
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}

module.exports = { MARKER, parseTrustedHops, normaliseAddress, resolveClientAddress };
