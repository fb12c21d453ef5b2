/**
 * The browser part of `npm run bench:projects -- --browser` (scripts/bench-projects.ts seeds the
 * database, then calls `measureProjectSwitches`): the production build (run `npm run build` first)
 * on that database with team sync on, in Debian's Chromium when installed (CHROMIUM_PATH overrides),
 * signed in as the member. The member's browser opens the first project's board and fills its
 * replica (`Synced`); then, `switches` times, the page itself clicks the next project's link in the
 * sidebar's Projects navigation (element.click()) and times, with performance.now(), from the click
 * to the first card of that project's board: a MutationObserver waits for a card (a
 * `draggable task`) whose key starts with the project's key, so never a card of the board before;
 * that is "in the DOM", and the frame after it (an animation frame, then a task) "painted", the
 * figure the bar reads. Per switch it also notes when the route's server answer (the RSC
 * request for `?project=KEY`) ended, when the board began to render (BOARD_MARKS.renderStart), and
 * the longest main-thread task. `--profile DIR`: a CPU profile of each switch
 * (DIR/projects-switch-{database}-{n}.cpuprofile, for DevTools) and the functions with the most self
 * time; build with `npx next build --no-mangling` first to read their names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, median, spawnServer, syncServerEnv, systemChromium } from './bench-support.mjs';

/** BOARD_MARKS.renderStart of features/tasks/ui/use-board-marks.ts: a board's first render began. */
const BOARD_RENDER_START = 'tasklane:board-render-start';
/** Longest wait for the replica's first fill, and for one switch. */
const SYNC_TIMEOUT_MS = 600_000;
const SWITCH_TIMEOUT_MS = 30_000;
/** Quiet time before each switch: the board before it finishes its later frames, the sync settles. */
const SETTLE_MS = 2000;

export interface ProjectSwitch {
  key: string;
  /** Whether that card was within the window (1280 × 800), not below the fold. */
  onScreen: boolean;
  /** ms from the click: the first card of the project in the DOM, then painted. */
  seen: number;
  painted: number;
  /** ms from the click: the end of the server's answer for the new address (NaN: none seen). */
  serverAnswer: number;
  /** ms from the click: the new board's first render began (NaN: no mark). */
  renderStart: number;
  /** The longest main-thread task between the click and the paint, ms. */
  longest: number;
}

export interface ProjectSwitchRun {
  firstSyncMs: number;
  /** Tasks in the member's replica once synced. */
  held: number;
  switches: ProjectSwitch[];
  /** `--profile`: lines naming the functions with the most self time. */
  profile: string[];
}

/**
 * Starts the production server on `databaseUrl`, signs the member in (their token, as the login page
 * stores it), opens `keys[0]`'s board, waits for `Synced`, then switches to each next key in turn.
 */
export async function measureProjectSwitches(options: {
  databaseName: string;
  databaseUrl: string;
  dataDir: string;
  port: number;
  member: { email: string; fullName: string };
  token: string;
  keys: readonly string[];
  profileDir?: string;
}): Promise<ProjectSwitchRun> {
  const { databaseUrl, dataDir, port, member, token, keys, profileDir } = options;
  const base = `http://127.0.0.1:${port}`;
  // The same secret as the process that signed the member's token in.
  const env = syncServerEnv({
    port,
    dataDir,
    databaseUrl,
    extra: { AUTH_SECRET: process.env.AUTH_SECRET ?? '', LOG_LEVEL: 'error' },
  });
  const stop = await spawnServer(['scripts/start.sh'], env, base);
  const browser = await chromium.launch({
    executablePath: systemChromium(process.env.CHROMIUM_PATH),
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate(
      ({ token, email, fullName }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify({ email }));
        localStorage.setItem('loggedInUser', JSON.stringify({ name: fullName }));
      },
      { token, email: member.email, fullName: member.fullName },
    );
    const syncStart = Date.now();
    await page.goto(`${base}/user/dashboard?project=${keys[0]}`);
    await page.waitForFunction(
      () => document.querySelector('header [role="status"]')?.textContent === 'Synced',
      undefined,
      { timeout: SYNC_TIMEOUT_MS, polling: 100 },
    );
    const firstSyncMs = Date.now() - syncStart;
    const held = await storedCount(page);
    await page.waitForSelector(cardSelector(keys[0]!), { timeout: SWITCH_TIMEOUT_MS });

    const switches: ProjectSwitch[] = [];
    for (const [index, key] of keys.slice(1).entries()) {
      await page.waitForTimeout(SETTLE_MS);
      const link = await page
        .getByRole('navigation', { name: 'Projects' })
        .getByRole('link', { name: new RegExp(`^${key} `) })
        .elementHandle({ timeout: SWITCH_TIMEOUT_MS });
      if (!link) throw new Error(`no link to ${key} in the sidebar`);
      const profiler = profileDir ? await startProfiler(page) : null;
      const timed = await link.evaluate(timeSwitch, {
        key,
        selector: cardSelector(key),
        renderMark: BOARD_RENDER_START,
        timeoutMs: SWITCH_TIMEOUT_MS,
      });
      if (profiler && profileDir) {
        const file = path.join(profileDir, `projects-switch-${options.databaseName}-${index + 1}.cpuprofile`);
        await stopProfiler(profiler, file);
      }
      switches.push(timed);
    }
    await context.close();
    const profile = profileDir ? topSelfTime(profileDir, options.databaseName, switches.length) : [];
    return { firstSyncMs, held, switches, profile };
  } finally {
    await browser.close();
    stop();
  }
}

/** A card of project `key`'s board: its key (`KEY-12`) inside a draggable task. */
function cardSelector(key: string): string {
  return `[aria-roledescription="draggable task"] [data-task-key^="${key}-"]`;
}

/**
 * Runs in the page, on the sidebar's link: clicks it and resolves with the times from the click
 * (see ProjectSwitch), or rejects after `timeoutMs`.
 */
function timeSwitch(
  link: Element,
  {
    key,
    selector,
    renderMark,
    timeoutMs,
  }: { key: string; selector: string; renderMark: string; timeoutMs: number },
): Promise<ProjectSwitch> {
  return new Promise((resolve, reject) => {
    let start = 0;
    // The buffer holds 250 entries: the sync's requests would crowd out the switch's.
    performance.clearResourceTimings();
    const longTasks: PerformanceEntry[] = [];
    const longObserver = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
    longObserver.observe({ type: 'longtask' });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      longObserver.disconnect();
      reject(new Error(`no card of ${key} within ${timeoutMs} ms`));
    }, timeoutMs);
    const observer = new MutationObserver(() => {
      const card = document.querySelector(selector);
      if (!card || !card.checkVisibility()) return;
      observer.disconnect();
      const seen = performance.now() - start;
      const box = card.getBoundingClientRect();
      const onScreen = box.bottom > 0 && box.top < window.innerHeight;
      // A task queued from the next animation frame runs once that frame has been painted.
      requestAnimationFrame(() =>
        window.setTimeout(() => {
          const painted = performance.now() - start;
          window.clearTimeout(timer);
          longTasks.push(...longObserver.takeRecords());
          longObserver.disconnect();
          const answer = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= start && entry.name.includes(`project=${key}`))
            .map((entry) => (entry as PerformanceResourceTiming).responseEnd - start);
          const rendered = performance
            .getEntriesByName(renderMark)
            .filter((entry) => entry.startTime >= start)
            .map((entry) => entry.startTime - start);
          resolve({
            key,
            onScreen,
            seen,
            painted,
            serverAnswer: answer.length > 0 ? Math.min(...answer) : NaN,
            renderStart: rendered.length > 0 ? Math.min(...rendered) : NaN,
            longest: Math.max(
              0,
              ...longTasks
                .filter((entry) => entry.startTime + entry.duration >= start)
                .map((entry) => entry.duration),
            ),
          });
        }, 0),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true });
    start = performance.now();
    (link as HTMLElement).click();
  });
}

/** How many tasks team mode's store holds in this browser. */
function storedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open('tasklane-team');
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () => resolve(0);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('tasks').objectStore('tasks').count();
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
        };
      }),
  );
}

async function startProfiler(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return session;
}

async function stopProfiler(session: CDPSession, file: string): Promise<void> {
  const { profile } = await session.send('Profiler.stop');
  await session.send('Profiler.disable');
  await session.detach();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The functions with the most self time over the switches' profiles (ms per switch), one line each. */
function topSelfTime(dir: string, databaseName: string, count: number): string[] {
  const self = new Map<string, number>();
  for (let index = 1; index <= count; index++) {
    const file = path.join(dir, `projects-switch-${databaseName}-${index}.cpuprofile`);
    const profile = JSON.parse(readFileSync(file, 'utf8')) as {
      nodes: ProfileNode[];
      samples?: number[];
      timeDeltas?: number[];
    };
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, sample) => {
      const frame = byId.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)') return;
      const where = `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      const name = `${frame.functionName || '(anonymous)'} ${where}`;
      self.set(name, (self.get(name) ?? 0) + (deltas[sample + 1] ?? 0) / 1000);
    });
  }
  return [
    `  self time per switch (${count} profiles, click to the paint):`,
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => `    ${(ms / count).toFixed(2).padStart(7)} ms  ${name}`),
  ];
}

/** The figures of one run: median and max of the paints, and the medians of the parts. */
export function summarise(run: ProjectSwitchRun) {
  const of = (pick: (entry: ProjectSwitch) => number) => run.switches.map(pick);
  return {
    painted: median(of((entry) => entry.painted)),
    worst: Math.max(...of((entry) => entry.painted)),
    seen: median(of((entry) => entry.seen)),
    serverAnswer: median(of((entry) => entry.serverAnswer)),
    renderStart: median(of((entry) => entry.renderStart)),
    longest: Math.max(...of((entry) => entry.longest)),
  };
}
