// After `next build`: the standalone server needs the static assets and public/ beside it
// (Next.js leaves copying them to the deployer). The Dockerfile does the same.
import { cpSync, existsSync, rmSync } from 'node:fs';

const target = '.next/standalone';
if (!existsSync(`${target}/server.js`)) {
  console.error('No standalone output: is `output: "standalone"` still set in next.config.mjs?');
  process.exit(1);
}
rmSync(`${target}/.next/static`, { recursive: true, force: true });
cpSync('.next/static', `${target}/.next/static`, { recursive: true });
if (existsSync('public')) cpSync('public', `${target}/public`, { recursive: true });
console.log('Standalone server ready: .next/standalone/server.js');
