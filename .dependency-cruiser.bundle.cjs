/**
 * What reaches a browser bundle, with type-only imports erased as the bundler erases them
 * (docs/decisions/0048-one-folder-per-feature.md). Run by `npm run lint:deps` after the structure pass.
 */
const structure = require('./.dependency-cruiser.cjs');

const { CLIENT_ENTRIES, SERVER, SERVER_PACKAGES, TESTS } = require('./.dependency-cruiser.paths.cjs');

/** A client entry's own code, not its tests. */
const fromClient = { path: CLIENT_ENTRIES, pathNot: TESTS };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-zod-in-client-bundles',
      severity: 'error',
      comment: 'ADR 0010: no zod in the browser. A constant imported from a schema module brings zod along.',
      from: fromClient,
      to: { path: '^node_modules/zod/', reachable: true },
    },
    {
      name: 'no-server-code-in-client-bundles',
      severity: 'error',
      from: fromClient,
      to: { path: [...SERVER, ...SERVER_PACKAGES], reachable: true },
    },
  ],
  options: { ...structure.options, tsPreCompilationDeps: false },
};
