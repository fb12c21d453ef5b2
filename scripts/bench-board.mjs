/**
 * `npm run bench:board`: the member board under load, on the production build (run `npm run build`
 * first), in Debian's Chromium when installed (CHROMIUM_PATH overrides), else Playwright's browser.
 *
 * Seeds 5,000 tasks in localStorage and reports, over several runs (median and worst):
 * - first render: navigation start → the first frame painted with the board (`tasklane:board-painted`),
 *   navigation start → the board's first commit (`tasklane:board-rendered`), and the
 *   board's own render time (`tasklane:board-render-start` → rendered);
 * - drop-to-saved: a keyboard drop → the task list written to localStorage (`tasklane:drop-to-saved`),
 *   drop → the board re-rendered (`tasklane:drop-to-rendered`) and → the next frame painted
 *   (`tasklane:drop-to-painted`);
 * - the same with every task placed by hand (`rank`, docs/product.md#board), the drops then being
 *   reorders within To Do (one place down);
 * - the JavaScript the dashboard loads (bytes on the wire, gzip): on load, and after scrolling to the
 *   bottom (the analytics chart is fetched when it comes near the viewport);
 * - total blocking time (the part of each main-thread task beyond 50 ms, summed) from the load event
 *   to 5 s after it, and from navigation start to the same end, with none of the tasks due soon and
 *   with `--due` of them (250) due today or tomorrow: the dashboard greets tasks due with toasts.
 * Targets: first render ≤ 500 ms, drop-to-saved ≤ 50 ms, JS ≤ 150 kB (member-workspace issue);
 * blocking time in the 5 s after load < 300 ms with 250 tasks due (the deadline-toast issue).
 * It prints the figures and exits 1 when a target is missed; it is not part of `npm test`.
 * Usage: npm run bench:board [-- --runs 5 --tasks 5000 --due 250 --blocking-only]
 */
import { argValue, fmt, median, reportMissed, runBench, worst, countScriptBytes } from './bench-support.mjs';
import { makeTasks, openSeeded } from './bench-board-seed.mjs';

const port = Number(process.env.BENCH_PORT ?? 3270);
const runs = Number(argValue('--runs') ?? 5);
const taskCount = Number(argValue('--tasks') ?? 5000);
const dueCount = Number(argValue('--due') ?? 250);
/** `--blocking-only`: skip first render, drops and JavaScript size. */
const blockingOnly = process.argv.includes('--blocking-only');
const TARGETS = { firstRenderMs: 500, dropToSavedMs: 50, jsBytes: 150 * 1000, blockingMs: 300 };
/** How long after the load event blocking time is summed. */
const BLOCKING_WINDOW_MS = 5000;
/** A main-thread task longer than this blocks input; the rest of it counts as blocking time. */
const LONG_TASK_MS = 50;

/**
 * Blocking time within [`from`, `to`] (ms since navigation start): for each long task, the part beyond
 * its first `LONG_TASK_MS` that falls inside the window.
 */
function blockingTime(/** @type {{ start: number, duration: number }[]} */ tasks, from, to) {
  let total = 0;
  for (const { start, duration } of tasks) {
    total += Math.max(0, Math.min(to, start + duration) - Math.max(from, start + LONG_TASK_MS));
  }
  return total;
}

/**
 * Total blocking time on the dashboard with `tasks` stored, one run per `--runs`: from navigation
 * start, and from the load event, to `BLOCKING_WINDOW_MS` after the load event. Long tasks are observed
 * from the document's start, so none is missed.
 */
async function measureBlockingTime(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ base,
  /** @type {string} */ tasks,
) {
  /** @type {Record<'fromNavigation' | 'afterLoad' | 'longTasks', number[]>} */
  const results = { fromNavigation: [], afterLoad: [], longTasks: [] };
  for (let run = 0; run < runs; run++) {
    const { context, page } = await openSeeded(browser, base, tasks);
    await page.addInitScript(() => {
      /** @type {PerformanceEntry[]} */
      const longTasks = [];
      /** @type {{ __longTasks?: PerformanceEntry[] }} */ (/** @type {unknown} */ (window)).__longTasks =
        longTasks;
      new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    await page.goto(`${base}/user/dashboard`, { waitUntil: 'load' });
    // Waited out here, not in the page: a page that is frozen would not even run a polling check.
    await new Promise((resolve) => setTimeout(resolve, BLOCKING_WINDOW_MS));
    const { loadEnd, longTasks } = await page.evaluate(() => {
      const navigation = /** @type {PerformanceNavigationTiming} */ (
        performance.getEntriesByType('navigation')[0]
      );
      const { __longTasks } = /** @type {{ __longTasks: PerformanceEntry[] }} */ (
        /** @type {unknown} */ (window)
      );
      return {
        loadEnd: navigation.loadEventEnd,
        longTasks: __longTasks.map((entry) => ({ start: entry.startTime, duration: entry.duration })),
      };
    });
    const end = loadEnd + BLOCKING_WINDOW_MS;
    results.fromNavigation.push(blockingTime(longTasks, 0, end));
    results.afterLoad.push(blockingTime(longTasks, loadEnd, end));
    results.longTasks.push(longTasks.filter((task) => task.start < end).length);
    await context.close();
  }
  return results;
}

/**
 * First render, drop-to-saved and JavaScript size with `tasksJson` stored; prints them and returns the
 * names of the targets missed (`false` for each target met).
 */
async function measureBoard(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ base,
  /** @type {string} */ tasksJson,
  /** Every task placed by hand: the drops are reorders within To Do. */
  ranked = false,
) {
  /** @type {Record<string, number[]>} */
  const figures = {
    firstRender: [],
    committed: [],
    domContentLoaded: [],
    boardRender: [],
    dropToSaved: [],
    dropToRendered: [],
    dropToPainted: [],
  };
  /** @type {{ onLoad: number, afterScroll: number } | undefined} */
  let jsBytes;

  for (let run = 0; run < runs; run++) {
    const { context, page } = await openSeeded(browser, base, tasksJson);
    const scriptBytes = await countScriptBytes(context, page);

    await page.goto(`${base}/user/dashboard`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => performance.getEntriesByName('tasklane:board-painted').length > 0);
    const marks = await page.evaluate(() => {
      const rendered = performance.getEntriesByName('tasklane:board-rendered')[0];
      const painted = performance.getEntriesByName('tasklane:board-painted')[0];
      const start = performance.getEntriesByName('tasklane:board-render-start')[0];
      const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
        performance.getEntriesByType('navigation')[0]
      );
      return {
        rendered: rendered?.startTime ?? NaN,
        painted: painted?.startTime ?? NaN,
        start: start?.startTime ?? NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
      };
    });
    figures.firstRender.push(marks.painted);
    figures.committed.push(marks.rendered);
    figures.boardRender.push(marks.rendered - marks.start);
    figures.domContentLoaded.push(marks.domContentLoaded);
    const onLoad = scriptBytes();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForSelector('.recharts-bar-rectangle', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    jsBytes ??= { onLoad, afterScroll: scriptBytes() };
    // Back to the top at once: a drag that starts while the page is still (smooth-)scrolling measures
    // the columns mid-scroll and finds no column under the card.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));

    // Three keyboard drops per run, each to the next column (ranked: one place down in To Do).
    for (let drop = 0; drop < 3; drop++) {
      const card = page
        .locator('section[data-column="To Do"] [aria-roledescription="draggable task"]')
        .first();
      // A person takes longer than this between drops; the previous drop animation (250 ms) has ended.
      await page.waitForTimeout(500);
      await card.focus();
      // Keys at a person's pace: dnd-kit measures the columns in the frames after a pick-up.
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press(ranked ? 'ArrowDown' : 'ArrowRight');
      await page.waitForTimeout(150);
      await page.keyboard.press('Space');
      await page
        .waitForFunction(
          (count) => performance.getEntriesByName('tasklane:drop-to-painted').length >= count,
          drop + 1,
          { timeout: 10_000 },
        )
        .catch(async (error) => {
          const live = await page.evaluate(() =>
            [...document.querySelectorAll('[id^="DndLiveRegion"]')]
              .map((node) => node.textContent)
              .join(' | '),
          );
          throw new Error(`drop ${drop + 1} did not complete; screen reader region says: ${live}`, {
            cause: error,
          });
        });
    }
    const drops = await page.evaluate(() => ({
      saved: performance.getEntriesByName('tasklane:drop-to-saved').map((entry) => entry.duration),
      rendered: performance.getEntriesByName('tasklane:drop-to-rendered').map((entry) => entry.duration),
      painted: performance.getEntriesByName('tasklane:drop-to-painted').map((entry) => entry.duration),
    }));
    figures.dropToSaved.push(...drops.saved);
    figures.dropToRendered.push(...drops.rendered);
    figures.dropToPainted.push(...drops.painted);
    await context.close();
  }

  console.log(
    `Board with ${taskCount} tasks${ranked ? ', every one placed by hand (drops: a reorder within To Do)' : ''}, ${runs} runs (cold cache each), Chromium ${browser.version()}`,
  );
  console.log(
    `  first render (navigation → board painted): median ${fmt(median(figures.firstRender))}, worst ${fmt(worst(figures.firstRender))}  [target ≤ ${TARGETS.firstRenderMs} ms]`,
  );
  console.log(`  navigation → board committed (before that paint): median ${fmt(median(figures.committed))}`);
  console.log(
    `  of which: navigation → DOMContentLoaded (JS fetched and run): median ${fmt(median(figures.domContentLoaded))}`,
  );
  console.log(
    `  board render itself (render start → commit):  median ${fmt(median(figures.boardRender))}, worst ${fmt(worst(figures.boardRender))}`,
  );
  console.log(
    `  drop → saved to localStorage:                 median ${fmt(median(figures.dropToSaved))}, worst ${fmt(worst(figures.dropToSaved))}  [target ≤ ${TARGETS.dropToSavedMs} ms]`,
  );
  console.log(
    `  drop → board re-rendered:                     median ${fmt(median(figures.dropToRendered))}, worst ${fmt(worst(figures.dropToRendered))}`,
  );
  console.log(
    `  drop → next frame painted:                    median ${fmt(median(figures.dropToPainted))}, worst ${fmt(worst(figures.dropToPainted))}`,
  );
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `  JavaScript transferred (gzip): on load ${kb(jsBytes?.onLoad ?? NaN)}, after scrolling to the chart ${kb(jsBytes?.afterScroll ?? NaN)}  [target ≤ ${kb(TARGETS.jsBytes)}]`,
  );
  return [
    median(figures.firstRender) > TARGETS.firstRenderMs && 'first render',
    median(figures.dropToSaved) > TARGETS.dropToSavedMs && 'drop-to-saved',
    (jsBytes?.afterScroll ?? Infinity) > TARGETS.jsBytes && 'JavaScript size',
  ];
}

await runBench({ port, dataDir: 'data/bench-board' }, async ({ base, browser }) => {
  const tasksJson = JSON.stringify(makeTasks(taskCount));
  const boardMissed = blockingOnly
    ? []
    : [
        ...(await measureBoard(browser, base, tasksJson)),
        ...(await measureBoard(browser, base, JSON.stringify(makeTasks(taskCount, 0, true)), true)),
      ];
  const noneDue = await measureBlockingTime(browser, base, tasksJson);
  const manyDue = await measureBlockingTime(browser, base, JSON.stringify(makeTasks(taskCount, dueCount)));
  console.log(
    `Blocking time on the dashboard with ${taskCount} tasks, ${runs} runs (long tasks, the part beyond ${LONG_TASK_MS} ms summed; median, worst):`,
  );
  for (const [label, figure] of /** @type {const} */ ([
    ['none due soon', noneDue],
    [`${dueCount} due today or tomorrow`, manyDue],
  ])) {
    console.log(
      `  ${label.padEnd(30)} load → ${BLOCKING_WINDOW_MS / 1000} s after it: ${fmt(median(figure.afterLoad))}, ${fmt(worst(figure.afterLoad))}; ` +
        `navigation → ${BLOCKING_WINDOW_MS / 1000} s after load: ${fmt(median(figure.fromNavigation))}, ${fmt(worst(figure.fromNavigation))}; ` +
        `${median(figure.longTasks)} long tasks`,
    );
  }
  console.log(
    `  [target < ${TARGETS.blockingMs} ms from load to ${BLOCKING_WINDOW_MS / 1000} s after it, ${dueCount} due]`,
  );
  reportMissed([
    ...boardMissed,
    median(manyDue.afterLoad) >= TARGETS.blockingMs && 'blocking time with tasks due',
  ]);
});
