// After `next build`: the standalone server needs the static assets and public/ beside it
// (Next.js leaves copying them to the deployer), and it must load the client-address hook before
// anything else, however it is started (`npm start`, the Docker image, `node server.js`).
// It also writes the service worker, public/sw.js, from this build's output (ADR 0018), and bundles
// the command-line entries, scripts/cli/*.ts, into cli/<name>.mjs with the `tasklane` wrapper that
// runs them (the image has neither tsx nor the sources).
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { build, transformSync } from 'esbuild';
import { buildServiceWorker } from './service-worker-build.mjs';

const target = '.next/standalone';
if (!existsSync(`${target}/server.js`)) {
  console.error('No standalone output: is `output: "standalone"` still set in next.config.mjs?');
  process.exit(1);
}
rmSync(`${target}/.next/static`, { recursive: true, force: true });
cpSync('.next/static', `${target}/.next/static`, { recursive: true });
if (existsSync('public')) cpSync('public', `${target}/public`, { recursive: true });
// `/`'s only script is written by hand with comments for its readers; the visitor gets it minified
// (ADR 0008: the landing page's whole JavaScript budget is a few kB).
const landing = `${target}/public/landing.js`;
writeFileSync(landing, transformSync(readFileSync(landing, 'utf8'), { minify: true, target: 'es2020' }).code);
const worker = buildServiceWorker();
writeFileSync(`${target}/public/sw.js`, worker.source);
console.log(
  `Service worker: build ${worker.config.buildId}, ${worker.config.pages.length} pages and ${worker.config.assets.length} files to precache`,
);

for (const file of ['client-address.cjs', 'client-address-preload.cjs']) {
  cpSync(`server/${file}`, `${target}/${file}`);
}
const hook = "require('./client-address-preload.cjs');\n";
const server = readFileSync(`${target}/server.js`, 'utf8');
if (!server.startsWith(hook)) writeFileSync(`${target}/server.js`, hook + server);

// The command line: each scripts/cli/<name>.ts becomes cli/<name>.mjs, one file with our code and the
// pure-JavaScript packages inside. The database drivers stay outside (better-sqlite3 is a native
// addon): they are loaded from the standalone node_modules, which the server's trace already holds.
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native'];
for (const name of EXTERNAL.slice(0, 2)) {
  if (!existsSync(`${target}/node_modules/${name}/package.json`)) {
    console.error(`The standalone output has no node_modules/${name}: the command line could not load it.`);
    process.exit(1);
  }
}
/** `server-only` throws outside React's server bundle; the command line is server code, so it is empty here. */
const serverOnly = {
  name: 'server-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};
rmSync(`${target}/cli`, { recursive: true, force: true });
const entries = readdirSync('scripts/cli').filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);
for (const file of entries) {
  await build({
    entryPoints: [`scripts/cli/${file}`],
    outfile: `${target}/cli/${file.replace(/\.ts$/, '.mjs')}`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: 'tsconfig.json',
    external: EXTERNAL,
    plugins: [serverOnly],
    // CommonJS packages inside an ES module still call require() and read __dirname.
    banner: {
      js: [
        "import { createRequire as __tasklaneRequire } from 'node:module';",
        "import { fileURLToPath as __tasklaneFileUrl } from 'node:url';",
        'const require = __tasklaneRequire(import.meta.url);',
        'const __filename = __tasklaneFileUrl(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join('\n'),
    },
    logLevel: 'warning',
  });
}
cpSync('scripts/tasklane.sh', `${target}/tasklane`);
chmodSync(`${target}/tasklane`, 0o755);
console.log(
  `Command line: ${entries.map((file) => `cli/${file.replace(/\.ts$/, '.mjs')}`).join(', ')} and ./tasklane`,
);
console.log('Standalone server ready: .next/standalone/server.js');
