/**
 * What reaches a browser bundle, with type-only imports erased as the bundler erases them
 * (docs/decisions/0048-one-folder-per-feature.md). Run by `npm run lint:deps` after the structure pass.
 */
const structure = require('./.dependency-cruiser.cjs');

const CLIENT_ENTRIES = ['^shell/', '^features/[^/]+/ui/', '^features/[^/]+/[^/]+/ui/'];
const SERVER = ['^server/', '^features/[^/]+/server/', '^features/[^/]+/[^/]+/server/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-zod-in-client-bundles',
      severity: 'error',
      comment: 'ADR 0010: no zod in the browser. A constant imported from a schema module brings zod along.',
      from: { path: CLIENT_ENTRIES, pathNot: '\\.(test|spec)\\.tsx?$' },
      to: { path: '^node_modules/zod/', reachable: true },
    },
    {
      name: 'no-server-code-in-client-bundles',
      severity: 'error',
      from: { path: CLIENT_ENTRIES, pathNot: '\\.(test|spec)\\.tsx?$' },
      to: {
        path: [...SERVER, '^node_modules/(drizzle-orm|pg|better-sqlite3|nodemailer|bcryptjs|openid-client)/'],
        reachable: true,
      },
    },
  ],
  options: { ...structure.options, tsPreCompilationDeps: false },
};
