// After `next build`: the standalone server needs the static assets and public/ beside it
// (Next.js leaves copying them to the deployer), and it must load the client-address hook before
// anything else, however it is started (`npm start`, the Docker image, `node server.js`).
// It also writes the service worker, public/sw.js, from this build's output (ADR 0018).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
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
  cpSync(`lib/server/${file}`, `${target}/${file}`);
}
const hook = "require('./client-address-preload.cjs');\n";
const server = readFileSync(`${target}/server.js`, 'utf8');
if (!server.startsWith(hook)) writeFileSync(`${target}/server.js`, hook + server);
console.log('Standalone server ready: .next/standalone/server.js');
