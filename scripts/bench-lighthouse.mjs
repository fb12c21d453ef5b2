// Plain JavaScript on purpose: run through tsx, esbuild's `__name` helpers leak into the functions
// Lighthouse sends to the page ("__name is not defined").
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) on the production build, in Debian's
 * Chromium when installed (CHROME_PATH overrides). For each page, each run's four category scores,
 * bytes transferred (all, and scripts), LCP and total blocking time, then the median of the runs;
 * it exits 1 when a page's median misses a target (scripts/bench-lighthouse-pages.mjs):
 * - every page: performance ≥ 95, accessibility, best practices and SEO = 100;
 * - `/`: ≤ 100 KiB in all (the public-site issue);
 * - the account pages: TBT ≤ 200 ms and ≤ 120 KiB of JavaScript (issue 39);
 * - the member dashboard with 5,000 tasks (`--dashboard`): performance ≥ 90.
 * Needs `npm run build` first.
 * Usage: npm run bench:lighthouse [-- --path /login] [--all] [--dashboard [--tasks 5000]] [--runs 3]
 *   --path P      one page (default `/`)
 *   --all         every public and account page, one after the other, and a table of their medians
 *   --dashboard   the member dashboard, signed in, with --tasks tasks stored (alone, or after --all)
 *   --save DIR    also write each run's whole report to DIR (JSON, one file per page and run)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { argValue, CHROMIUM_FLAGS, startServer, systemChromium } from './bench-support.mjs';
import {
  DASHBOARD_PAGE,
  logInMember,
  pageFor,
  PUBLIC_AND_ACCOUNT_PAGES,
  seedDashboard,
} from './bench-lighthouse-pages.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3260);
const runs = Number(argValue('--runs') ?? 3);
const taskCount = Number(argValue('--tasks') ?? 5000);
const all = process.argv.includes('--all');
const dashboard = process.argv.includes('--dashboard');
const saveDir = argValue('--save');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const KIB = 1024;

/** @typedef {import('./bench-lighthouse-pages.mjs').BenchPage} BenchPage */
/** @typedef {Record<string, number>} Figures */

/** The pages this run measures, from the command line. */
function pagesToMeasure() {
  /** @type {BenchPage[]} */
  const pages = all ? [...PUBLIC_AND_ACCOUNT_PAGES] : [];
  if (dashboard) pages.push(DASHBOARD_PAGE);
  if (pages.length === 0) pages.push(pageFor(argValue('--path') ?? '/'));
  return pages;
}

/** One Lighthouse run's figures: the four scores, bytes (all and scripts), LCP and TBT. */
function figuresOf(/** @type {import('lighthouse').RunnerResult['lhr']} */ lhr) {
  const { categories, audits } = lhr;
  /** @type {Figures} */
  const figures = {};
  for (const key of CATEGORIES) figures[key] = Math.round((categories[key]?.score ?? 0) * 100);
  figures.bytes = audits['total-byte-weight']?.numericValue ?? Number.NaN;
  const summary =
    /** @type {{ items?: Array<{ resourceType: string, transferSize: number }> } | undefined} */ (
      audits['resource-summary']?.details
    );
  figures.scriptBytes =
    summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
  figures.lcpMs = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  figures.tbtMs = audits['total-blocking-time']?.numericValue ?? Number.NaN;
  return figures;
}

/** `figures` on one line. */
function describe(/** @type {Figures} */ figures) {
  return (
    `performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
    `best practices ${figures['best-practices']}, SEO ${figures.seo}, ` +
    `${((figures.bytes ?? Number.NaN) / KIB).toFixed(1)} KiB (JS ${((figures.scriptBytes ?? Number.NaN) / KIB).toFixed(1)}), ` +
    `LCP ${Math.round(figures.lcpMs ?? Number.NaN)} ms, TBT ${Math.round(figures.tbtMs ?? Number.NaN)} ms`
  );
}

/**
 * The median of each figure over `results` (Lighthouse's scores move between runs). A run that
 * failed to measure a figure (NaN: Lighthouse's runtime error, printed with the run) is left out of it.
 */
function medians(/** @type {Figures[]} */ results) {
  /** @type {Figures} */
  const middle = {};
  for (const key of Object.keys(results[0] ?? {})) {
    const values = results
      .map((result) => result[key] ?? Number.NaN)
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    middle[key] = values[Math.floor(values.length / 2)] ?? Number.NaN;
  }
  return middle;
}

/** The targets `page`'s medians miss, worded. */
function missesOf(/** @type {BenchPage} */ page, /** @type {Figures} */ median) {
  const { maxTbtMs, maxScriptBytes, maxTotalBytes, ...scores } = page.targets;
  /** @type {string[]} */
  const misses = [];
  for (const [key, target] of Object.entries(scores)) {
    if ((median[key] ?? 0) < target) misses.push(`${key} ${median[key]} < ${target}`);
  }
  const tbt = median.tbtMs ?? Number.NaN;
  if (maxTbtMs !== undefined && !(tbt <= maxTbtMs)) misses.push(`TBT ${Math.round(tbt)} ms > ${maxTbtMs} ms`);
  const kib = (/** @type {number | undefined} */ bytes) => `${((bytes ?? Number.NaN) / KIB).toFixed(1)} KiB`;
  if (maxScriptBytes !== undefined && !((median.scriptBytes ?? Number.NaN) <= maxScriptBytes))
    misses.push(`JavaScript ${kib(median.scriptBytes)} > ${kib(maxScriptBytes)}`);
  if (maxTotalBytes !== undefined && !((median.bytes ?? Number.NaN) <= maxTotalBytes))
    misses.push(`${kib(median.bytes)} > ${kib(maxTotalBytes)}`);
  return misses;
}

/** How many times a run that measured nothing (Lighthouse's runtime error) is tried again. */
const RETRIES = 2;

/**
 * One Lighthouse run of `page`, the dashboard seeded first (and measured without Lighthouse's storage
 * reset). A run with a runtime error (NO_NAVSTART now and then on a busy machine) is tried again.
 * @param {{ base: string, chromePort: number, page: BenchPage, session: { token: string, email: string, name: string } | null }} options
 */
async function lighthouseRun({ base, chromePort, page, session }) {
  for (let attempt = 0; ; attempt++) {
    if (session) await seedDashboard({ base, chromePort, session, taskCount });
    const result = await lighthouse(`${base}${page.path}`, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { runtimeError } = result.lhr;
    if (!runtimeError || attempt >= RETRIES) return result;
    console.log(`${page.label}: ${runtimeError.code}, measured again`);
  }
}

/**
 * `runs` Lighthouse runs of `page` in the Chrome at `chromePort`; the dashboard is seeded (signed in,
 * tasks stored) before each run and measured without Lighthouse's storage reset. Returns the medians.
 * @param {{ base: string, chromePort: number, page: BenchPage }} options
 */
async function measurePage({ base, chromePort, page }) {
  const session = page.dashboard ? await logInMember(base) : null;
  /** @type {Figures[]} */
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouseRun({ base, chromePort, page, session });
    const { runtimeError } = result.lhr;
    const figures = figuresOf(result.lhr);
    if (runtimeError) {
      // The run measured nothing (a page that never painted, for one): its zeros are no score.
      console.log(`${page.label} run ${run + 1}: no result, ${runtimeError.code}: ${runtimeError.message}`);
      for (const key of Object.keys(figures)) figures[key] = Number.NaN;
    }
    results.push(figures);
    if (saveDir) saveReport(page, run, result.lhr);
    const failing = Object.values(result.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    if (runtimeError) continue;
    console.log(
      `${page.label} run ${run + 1}: ${describe(figures)}` +
        (failing.length ? ` (failing audits: ${failing.join(', ')})` : ''),
    );
  }
  return medians(results);
}

/** Writes run `run`'s report of `page` to the `--save` folder (for the details the table leaves out). */
function saveReport(/** @type {BenchPage} */ page, /** @type {number} */ run, /** @type {unknown} */ lhr) {
  if (!saveDir) return;
  mkdirSync(saveDir, { recursive: true });
  const name = `${page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-run${run + 1}.json`;
  writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
}

/** With more than one page: each page's medians in one table, and what it missed. */
function printTable(/** @type {Array<{ page: BenchPage, median: Figures, misses: string[] }>} */ rows) {
  console.log(`\nmedians of ${runs} runs:`);
  console.log('page | performance | TBT ms | JS KiB | all KiB | LCP ms | a11y / BP / SEO | targets');
  for (const { page, median, misses } of rows) {
    console.log(
      [
        page.label,
        median.performance,
        Math.round(median.tbtMs ?? Number.NaN),
        ((median.scriptBytes ?? Number.NaN) / KIB).toFixed(1),
        ((median.bytes ?? Number.NaN) / KIB).toFixed(1),
        Math.round(median.lcpMs ?? Number.NaN),
        `${median.accessibility} / ${median['best-practices']} / ${median.seo}`,
        misses.length ? `missed: ${misses.join('; ')}` : 'met',
      ].join(' | '),
    );
  }
}

async function main() {
  const { base, stop } = await startServer({ port, dataDir: 'data/lighthouse' });
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: systemChromium(process.env.CHROME_PATH),
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    const rows = [];
    for (const page of pagesToMeasure()) {
      const median = await measurePage({ base, chromePort: chrome.port, page });
      const misses = missesOf(page, median);
      console.log(`median of ${runs} on ${page.label}: ${describe(median)}`);
      if (misses.length) console.error(`Targets missed on ${page.label}: ${misses.join('; ')}`);
      rows.push({ page, median, misses });
    }
    if (rows.length > 1) printTable(rows);
    if (rows.some((row) => row.misses.length)) process.exitCode = 1;
    else console.log('All targets met.');
  } finally {
    await chrome?.kill();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
