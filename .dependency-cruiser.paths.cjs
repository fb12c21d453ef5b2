/**
 * The folders and packages the import rules name (.dependency-cruiser.cjs for the structure,
 * .dependency-cruiser.bundle.cjs for what reaches a browser bundle).
 */

/** A layer folder of a feature or of a sub-slice (features/tasks/checklist/ui/). */
const layer = (names) => `^features/[^/]+/(${names})/|^features/[^/]+/[^/]+/(${names})/`;

module.exports = {
  layer,
  BROWSER: ['^(shared|shell)/', layer('model|client|ui')],
  /** What a browser bundle starts from: the shell and the features' screens. */
  CLIENT_ENTRIES: ['^shell/', layer('ui')],
  SERVER: ['^server/', layer('server')],
  SERVER_PACKAGES: [
    '^node_modules/(drizzle-orm|pg|better-sqlite3|nodemailer|bcryptjs|openid-client|server-only|sharp)/',
    '^(node:)?(fs|path|crypto|child_process|worker_threads|net|http|https|stream|os)$',
  ],
  TESTS: ['\\.(test|spec)\\.tsx?$', '^tests/', '^e2e/'],
};
