// @ts-check
import { networkInterfaces } from 'node:os';

const isProduction = process.env.NODE_ENV === 'production';

/**
 * Hosts `npm run dev` serves its own dev resources (/_next/*, HMR) to, besides `localhost`, which
 * Next.js always allows. Without them a page opened at http://127.0.0.1:3000, or at the "Network"
 * address the dev server prints (a phone on the same network), never hydrates. Our own addresses
 * are not cross-site, so allowing them keeps the protection against other sites; more hosts (a
 * tunnel, a hostname on the LAN) come from DEV_ALLOWED_ORIGINS, comma-separated.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
function getAllowedDevOrigins(env = process.env) {
  const ownAddresses = Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info && info.family === 'IPv4' ? [info.address] : []));
  const configured = (env.DEV_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  return [...new Set(['127.0.0.1', '[::1]', ...ownAddresses, ...configured])];
}

/**
 * Content-Security-Policy. Next.js injects inline bootstrap scripts, so script-src needs
 * 'unsafe-inline' unless every page is rendered dynamically with a nonce (see
 * docs/decisions/0005-security-headers.md). 'unsafe-eval' is only needed by React's dev tooling.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isProduction ? '' : " 'unsafe-eval'"}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${isProduction ? '' : ' ws: wss:'}`,
  "media-src 'self' data:",
  // The service worker (/sw.js) and the web app manifest: named although default-src allows them.
  "worker-src 'self'",
  // The task view shows a PDF in a frame: the file's own address, or by default this page's own copy (blob:).
  "frame-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent on every response, pages and API alike. */
export const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * A task's file and its thumbnail (app/api/files/[id]): the route sets the file's own
 * Content-Security-Policy (a sandbox; a header set here would replace it), and this site alone may
 * frame what the browser shows (the task view's PDF preview).
 */
const fileHeaders = [
  ...securityHeaders.filter((header) => !['Content-Security-Policy', 'X-Frame-Options'].includes(header.key)),
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

/** For a page whose address carries a secret: not cached, not sent on as a Referer. */
const secretAddressHeaders = [
  { key: 'Cache-Control', value: 'no-store' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  // SOURCE_MAPS=1 npm run build: the browser's source maps too, to see what a route's JavaScript
  // holds (`npx source-map-explorer .next/static/chunks/<chunk>.js`); never in a release build.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === '1',
  // `next build` type-checks the project, as `tsc --noEmit` does after `next typegen`. `npm test`
  // (scripts/test-all.sh) runs those first and stops if they fail, then builds with
  // TYPECHECKED_BEFORE_BUILD=1 so as not to check the same files a second time (about 35 s on CI).
  typescript: { ignoreBuildErrors: process.env.TYPECHECKED_BEFORE_BUILD === '1' },
  allowedDevOrigins: getAllowedDevOrigins(),
  reactStrictMode: true,
  // Native and runtime-resolved modules stay in node_modules: better-sqlite3 is a native addon,
  // and rate-limiter-flexible imports drizzle-orm dynamically at run time.
  serverExternalPackages: [
    'better-sqlite3',
    'pg',
    'drizzle-orm',
    'rate-limiter-flexible',
    'nodemailer',
    'bcryptjs',
  ],
  // Drizzle's migrator reads the migration folders at run time, and the password pool starts its
  // worker script by path (file tracing does not follow `new Worker(path)`): ship them, and the
  // bcryptjs the worker loads, with the standalone server.
  // The data folder (databases, the development secret, task files: DATA_DIR, FILES_DIR) is read at
  // run time from paths the tracer cannot know; without this it copies whatever a local run left there
  // (an e2e database, test files) into the standalone output.
  outputFileTracingExcludes: {
    '/**': ['./data/**/*'],
  },
  outputFileTracingIncludes: {
    '/**': ['./drizzle/**/*', './server/password-worker.cjs', './node_modules/bcryptjs/**/*'],
  },
  async headers() {
    return [
      { source: '/((?!api/files/).*)', headers: securityHeaders },
      { source: '/api/files/:path*', headers: fileHeaders },
      // Pages whose address carries a secret (a reset, confirmation or unsubscribe token, an invitation's token in
      // `/signup?invite=…`, which proxy.ts may serve from /sso/signup): never stored by a browser or a
      // proxy cache, and never sent on as a Referer to whatever they link to.
      ...[
        { source: '/reset-password' },
        { source: '/confirm-email' },
        { source: '/reminders/unsubscribe' },
        ...['/signup', '/sso/signup'].map((source) => ({
          source,
          has: [/** @type {const} */ ({ type: 'query', key: 'invite' })],
        })),
      ].map((page) => ({ ...page, headers: secretAddressHeaders })),
      // The service worker: checked for a new version on every visit, never taken from a cache,
      // and allowed to control the whole site (docs/decisions/0018-installable-and-offline.md).
      {
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
    ];
  },
};

export default nextConfig;
