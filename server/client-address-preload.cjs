'use strict';
/**
 * `node --require` hook: every HTTP request's `X-Forwarded-For` becomes the one client address that
 * client-address.cjs decides from the socket and `TRUST_PROXY`, and `X-Real-IP` is dropped, before
 * Next.js sees the request. The standalone server.js requires it on its first line
 * (scripts/prepare-standalone.mjs); `npm run dev` passes it in NODE_OPTIONS.
 */
const http = require('node:http');
const https = require('node:https');
const { MARKER, parseTrustedHops, resolveClientAddress } = require('./client-address.cjs');

function install(trustedHops) {
  if (globalThis[MARKER]) return;
  globalThis[MARKER] = { trustedHops };
  for (const Server of new Set([http.Server, https.Server])) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function emitWithClientAddress(event, request, ...rest) {
      if (event === 'request' && request && request.headers) {
        request.headers['x-forwarded-for'] = resolveClientAddress(
          request.headers['x-forwarded-for'],
          request.socket && request.socket.remoteAddress,
          trustedHops,
        );
        delete request.headers['x-real-ip'];
      }
      return emit.call(this, event, request, ...rest);
    };
  }
}

{
  let trustedHops;
  try {
    trustedHops = parseTrustedHops(process.env.TRUST_PROXY);
  } catch (error) {
    console.error(`Tasklane cannot start: ${error.message}`);
    process.exit(1);
  }
  install(trustedHops);
}
