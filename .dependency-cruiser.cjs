/**
 * The import rules (docs/decisions/0048-one-folder-per-feature.md), checked by `npm run lint:deps`
 * on every test run. Type-only imports count here: a type-only cycle still ties two files together.
 *
 * Layers, lowest first: shared/ → server/ (the platform, 'server-only') → features/<f>/ → shell/ →
 * app/, pages/. Inside a feature: model ← client ← ui, and model ← server. Between features: only
 * what FEATURE_DEPS lists.
 */
const FEATURE_DEPS = {
  accounts: [],
  // Contact Us checks an email address as sign-up does.
  landing: ['accounts'],
  tasks: ['accounts'],
  // Projects (ADR 0049): keys, roles and the permission table, read by sync's push rules and visibility.
  projects: ['accounts', 'tasks'],
  calendar: ['tasks'],
  // Sync's model (the clock, the merge, the wire format, the push rules) is the stored form of a team
  // task: it sits right above tasks, so the inbox and comments read it; its client and server sit above them.
  'sync/model': ['accounts', 'tasks', 'projects'],
  // What the features below sync read of its store on the server: who may see a stored task (as SQL),
  // its values, its derived columns, the pages' cursor.
  'sync/server/store': ['accounts', 'tasks', 'projects', 'sync/model'],
  inbox: ['accounts', 'tasks', 'projects', 'sync/model', 'sync/server/store'],
  // The Reminders section holds the inbox's digest switch, and its unsubscribe link turns the digest off.
  reminders: ['accounts', 'tasks', 'projects', 'sync/model', 'sync/server/store', 'inbox'],
  comments: ['accounts', 'tasks', 'projects', 'sync/model', 'sync/server/store', 'inbox'],
  // Files on tasks (ADR 0051): beside the synced tasks, as comments are; who may see a task is sync's.
  attachments: ['accounts', 'tasks', 'projects', 'sync/model', 'sync/server/store'],
  // A task's history follows its comments (a new comment is read again there).
  sync: ['accounts', 'tasks', 'projects', 'inbox', 'comments'],
  // The JSON export carries the mode's projects, and an import adds the browser's own (ADR 0016); by
  // default it carries the browser's files too, read and written through attachments' local-transfer.
  'data-transfer': ['accounts', 'tasks', 'projects', 'calendar', 'attachments'],
  admin: ['accounts', 'tasks', 'projects', 'calendar', 'reminders', 'inbox', 'comments', 'sync'],
};

const { layer, BROWSER, SERVER, SERVER_PACKAGES, TESTS } = require('./.dependency-cruiser.paths.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Type-only cycles count: move the shared type to a leaf file (task-types.ts, ports.ts).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-never-server',
      severity: 'error',
      comment: 'Browser code never imports server code or server-only packages.',
      from: { path: BROWSER, pathNot: TESTS },
      to: { path: [...SERVER, ...SERVER_PACKAGES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-never-browser',
      severity: 'error',
      comment: 'Server code never imports React components, browser stores or the browser API client.',
      from: { path: SERVER, pathNot: TESTS },
      to: {
        path: ['^shell/', layer('client|ui'), '^shared/(ui|hooks|browser-storage|http|session)/'],
      },
    },
    {
      name: 'routes-reach-server-code-only',
      severity: 'error',
      from: { path: '^app/.+/route\\.ts$' },
      to: { path: ['^shell/', layer('client|ui')] },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(features|shell|app|pages|server)/' },
    },
    {
      name: 'platform-below-features',
      severity: 'error',
      comment: 'Only server/entry/ (start-up, the job timer, the command line) composes features.',
      from: { path: '^server/', pathNot: '^server/entry/' },
      to: { path: '^(features|shell|app)/' },
    },
    {
      name: 'model-is-pure',
      severity: 'error',
      from: { path: layer('model') },
      to: { path: [layer('client|ui|server'), '^node_modules/(react|react-dom|next)/'] },
    },
    {
      name: 'client-below-ui',
      severity: 'error',
      from: { path: layer('client') },
      to: { path: [layer('ui'), '^node_modules/(react-dom|next)/'] },
    },
    {
      name: 'no-index-barrels',
      severity: 'error',
      comment:
        'Import the file: an index.ts re-exporting a feature puts every module it names in the bundle.',
      from: {},
      to: { path: ['^(features|shared|shell)/index\\.tsx?$', '^(features|shared|shell)/.*/index\\.tsx?$'] },
    },
    {
      name: 'not-into-internal',
      severity: 'error',
      from: { path: '^features/([^/]+)/' },
      to: { path: '^features/[^/]+/.*internal/', pathNot: '^features/$1/' },
    },
    // One rule per feature: itself and what FEATURE_DEPS lists, nothing else.
    ...Object.entries(FEATURE_DEPS).map(([feature, deps]) => ({
      name: `feature-${feature.replaceAll('/', '-')}-imports-below-only`,
      severity: 'error',
      from: { path: `^features/${feature}/` },
      to: { path: '^features/', pathNot: `^features/(${[feature, ...deps].join('|')})/` },
    })),
    {
      name: 'features-below-shell-and-routes',
      severity: 'error',
      from: { path: '^features/' },
      to: { path: '^(shell|app|pages)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|drizzle|node_modules/\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
