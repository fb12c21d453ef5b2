// Plain JavaScript on purpose: run through tsx, esbuild's `__name` helpers leak into the functions
// Lighthouse sends to the page ("__name is not defined").
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) on `/` of the production build, in
 * Debian's Chromium when installed (CHROME_PATH overrides). Prints the four category scores and
 * the bytes transferred, and exits 1 when a target of the public-site issue is missed:
 * performance ≥ 95, accessibility, best practices and SEO = 100, `/` ≤ 100 KiB.
 * Needs `npm run build` first. Usage: npm run bench:lighthouse [-- --path /login --runs 3]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { argValue, CHROMIUM_FLAGS, startServer, systemChromium } from './bench-support.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3260);
const pagePath = argValue('--path') ?? '/';
const runs = Number(argValue('--runs') ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const MAX_BYTES = 100 * 1024;

async function main() {
  const { base, stop } = await startServer({ port, dataDir: 'data/lighthouse' });
  const chromePath = systemChromium(process.env.CHROME_PATH);
  /** @type {import('chrome-launcher').LaunchedChrome | undefined} */
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
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
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
