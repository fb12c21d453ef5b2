// @ts-check

const isProduction = process.env.NODE_ENV === 'production';

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

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  poweredByHeader: false,
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
  // Drizzle's migrator reads the migration folders at run time: ship them with the standalone server.
  outputFileTracingIncludes: {
    '/**': ['./drizzle/**/*'],
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
