// Plain JavaScript on purpose: run through tsx, esbuild's `__name` helpers leak into the functions
// Lighthouse sends to the page ("__name is not defined").
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) on `/` of the production build, in
 * Debian's Chromium when installed (CHROME_PATH overrides). Prints the four category scores and
 * the bytes transferred, and exits 1 when a target of the public-site issue is missed:
 * performance ≥ 95, accessibility, best practices and SEO = 100, `/` ≤ 100 KiB.
 * Needs `npm run build` first. Usage: npm run bench:lighthouse [-- --path /login --runs 3]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3260);
/** @param {string} name */
const argValue = (name) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const pagePath = argValue('--path') ?? '/';
const runs = Number(argValue('--runs') ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_BYTES = 100 * 1024;

/** @param {string} url */
async function waitForServer(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start at ${url}`);
}

async function main() {
  if (!existsSync(path.join(root, '.next/standalone/server.js')))
    throw new Error('Run `npm run build` first.');
  const server = spawn('bash', ['scripts/e2e-server.sh', String(port)], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, E2E_DATA_DIR: 'data/lighthouse' },
  });
  const base = `http://127.0.0.1:${port}`;
  const chromePath =
    process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  /** @type {import('chrome-launcher').LaunchedChrome | undefined} */
  let chrome;
  try {
    await waitForServer(`${base}/api/health`);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    /** @type {Array<Record<string, number>>} */
    const results = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { categories, audits } = result.lhr;
      /** @type {Record<string, number>} */
      const scores = {};
      for (const key of Object.keys(TARGETS)) scores[key] = Math.round((categories[key]?.score ?? 0) * 100);
      scores.bytes = audits['total-byte-weight']?.numericValue ?? Number.NaN;
      scores.lcpMs = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
      scores.tbtMs = audits['total-blocking-time']?.numericValue ?? Number.NaN;
      results.push(scores);
      const failing = Object.values(result.lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      console.log(
        `run ${run + 1}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
          `best practices ${scores['best-practices']}, SEO ${scores.seo}, ` +
          `${(scores.bytes / 1024).toFixed(1)} KiB, LCP ${Math.round(scores.lcpMs)} ms, TBT ${Math.round(scores.tbtMs)} ms` +
          (failing.length ? ` (failing audits: ${failing.join(', ')})` : ''),
      );
    }
    // The median run for each figure: Lighthouse's performance score moves between runs.
    /** @param {string} key */
    const median = (key) => {
      const values = results.map((r) => r[key] ?? Number.NaN).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? Number.NaN;
    };
    /** @type {string[]} */
    const misses = [];
    for (const [key, target] of Object.entries(TARGETS)) {
      if (median(key) < target) misses.push(`${key} ${median(key)} < ${target}`);
    }
    if (median('bytes') > MAX_BYTES) misses.push(`${(median('bytes') / 1024).toFixed(1)} KiB > 100 KiB`);
    console.log(
      `median of ${runs} on ${pagePath}: performance ${median('performance')}, accessibility ${median('accessibility')}, ` +
        `best practices ${median('best-practices')}, SEO ${median('seo')}, ${(median('bytes') / 1024).toFixed(1)} KiB`,
    );
    if (misses.length) {
      console.error(`Targets missed: ${misses.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('All targets met.');
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
