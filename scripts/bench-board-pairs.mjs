/**
 * `npm run bench:board-pairs -- <other checkout> [--pairs 25] [--ranked]`: the member board with 5,000
 * tasks in this checkout's production build against another checkout's (a base commit in a git
 * worktree, with its own `npm run build`), in pairs: one browser, both servers up, page loads
 * alternating (base then this, this then base), one warm-up each dropped. It prints each side's
 * median and the median of the per-pair ratios (this ÷ other) for the board's own render
 * (`tasklane:board-render-start` → `tasklane:board-rendered`) and navigation → board painted.
 *
 * Why pairs: on a shared machine single runs of one build move by 20–40 %, and the load drifts between
 * two runs minutes apart; alternating loads puts both builds under the same load, and the ratio of each
 * pair cancels most of it (docs/benchmarks.md, "Paired runs, and the first frame").
 * `--ranked`: every task placed by hand (`rank`). BENCH_PORT (default 3283) and the next port are used.
 * Not part of `npm test`; no target, figures only.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { makeTasks, openSeeded } from './bench-board-seed.mjs';
import { argValue, CHROMIUM_FLAGS, median, root, systemChromium, waitForServer } from './bench-support.mjs';

const other = process.argv[2] && !process.argv[2].startsWith('--') ? path.resolve(process.argv[2]) : null;
if (!other) {
  console.error(
    'Usage: npm run bench:board-pairs -- <path of another checkout, built> [--pairs 25] [--ranked]',
  );
  process.exit(2);
}
const pairs = Number(argValue('--pairs') ?? 25);
const ranked = process.argv.includes('--ranked');
const port = Number(process.env.BENCH_PORT ?? 3283);
const tasks = JSON.stringify(makeTasks(5000, 0, ranked));

/** The production build of the checkout at `dir` on `serverPort`, with a data folder of its own. */
async function start(/** @type {string} */ dir, /** @type {number} */ serverPort) {
  const server = spawn('bash', ['scripts/e2e-server.sh', String(serverPort)], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, E2E_DATA_DIR: `data/bench-pairs-${serverPort}` },
  });
  const base = `http://127.0.0.1:${serverPort}`;
  try {
    await waitForServer(`${base}/api/health`);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { base, stop: () => server.kill('SIGTERM') };
}

/** One cold load of the dashboard: the board's own render and navigation → painted (ms). */
async function load(/** @type {import('@playwright/test').Browser} */ browser, /** @type {string} */ base) {
  const { context, page } = await openSeeded(browser, base, tasks);
  await page.goto(`${base}/user/dashboard`);
  await page.waitForFunction(() => performance.getEntriesByName('tasklane:board-painted').length > 0, null, {
    timeout: 60_000,
  });
  const figures = await page.evaluate(() => {
    const at = (/** @type {string} */ name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    return {
      render: at('tasklane:board-rendered') - at('tasklane:board-render-start'),
      painted: at('tasklane:board-painted'),
    };
  });
  await context.close();
  return figures;
}

const sides = { other: await start(other, port), self: await start(root, port + 1) };
const browser = await chromium.launch({
  executablePath: systemChromium(process.env.CHROMIUM_PATH),
  args: CHROMIUM_FLAGS,
});
/** @type {Record<'other' | 'self', { render: number, painted: number }[]>} */
const results = { other: [], self: [] };
try {
  await load(browser, sides.other.base);
  await load(browser, sides.self.base);
  for (let pair = 0; pair < pairs; pair++) {
    const order =
      pair % 2 === 0 ? /** @type {const} */ (['other', 'self']) : /** @type {const} */ (['self', 'other']);
    for (const side of order) results[side].push(await load(browser, sides[side].base));
  }
} finally {
  await browser.close();
  sides.other.stop();
  sides.self.stop();
}
console.log(
  `Board with 5,000 tasks${ranked ? ', all placed by hand' : ''}, ${pairs} pairs: ${other} → this checkout`,
);
for (const key of /** @type {const} */ (['render', 'painted'])) {
  const mine = results.self.map((entry) => entry[key]);
  const theirs = results.other.map((entry) => entry[key]);
  const ratios = mine.map((value, index) => value / theirs[index]);
  const label = key === 'render' ? 'board render itself      ' : 'navigation → board painted';
  console.log(
    `  ${label}: ${median(theirs).toFixed(1)} → ${median(mine).toFixed(1)} ms (medians), median pair ratio ${median(ratios).toFixed(3)}`,
  );
}
