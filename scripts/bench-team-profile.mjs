/**
 * bench:team-scale's `--profile DIR`: the browser's CPU profile of each command (from its input to its
 * result) and of the member's page load, written to DIR for DevTools, with the functions that took
 * the most self time printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs `commandsOf` under the CPU profiler when `--profile` asks for it: the profile goes to a file and
 * the functions with the most self time are printed (ms per command, averaged over the runs).
 */
export async function profiled(
  /** @type {string | undefined} */ profileDir,
  /** @type {import('@playwright/test').Page} */ page,
  /** @type {string} */ name,
  /** @type {() => Promise<unknown[]>} */ commandsOf,
) {
  if (!profileDir) return commandsOf();
  const session = await page.context().newCDPSession(page);
  /** @type {any[]} */
  const profiles = [];
  session.on('Profiler.consoleProfileFinished', (event) => profiles.push(event.profile));
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 50 });
  await page.evaluate(() => {
    /** @type {any} */ (window).__profileCommand = true;
  });
  const times = await commandsOf();
  await page.evaluate(() => {
    /** @type {any} */ (window).__profileCommand = false;
  });
  await session.send('Profiler.disable');
  await session.detach();
  printProfile(profileDir, profiles, name, 'input to the result on screen');
  return times;
}

/** Writes the profiles to `--profile`'s folder and prints the functions with the most self time (per profile). */
function printProfile(
  /** @type {string} */ profileDir,
  /** @type {any[]} */ profiles,
  /** @type {string} */ name,
  /** @type {string} */ what,
) {
  mkdirSync(profileDir, { recursive: true });
  /** @type {Map<string, number>} */
  const self = new Map();
  profiles.forEach((profile, run) => {
    writeFileSync(path.join(profileDir, `team-scale-${name}-${run}.cpuprofile`), JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((/** @type {any} */ node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((/** @type {number} */ id, /** @type {number} */ index) => {
      const frame = byId.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)') return;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
    });
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.log(`  profile ${name} (${profiles.length} × ${what}): self time`);
  for (const [key, ms] of top)
    console.log(`    ${(ms / Math.max(1, profiles.length)).toFixed(2).padStart(7)} ms  ${key}`);
}

/**
 * `--profile`: one more visit of `url` under the CPU profiler, in two parts: navigation to the list
 * in memory (the `tasklane:team-ready` mark), then to the first card on the page.
 */
export async function profileLoad(
  /** @type {string} */ profileDir,
  /** @type {import('@playwright/test').Page} */ page,
  /** @type {string} */ url,
  /** @type {string} */ name,
) {
  const session = await page.context().newCDPSession(page);
  /** @type {any[]} */
  const profiles = [];
  session.on('Profiler.consoleProfileFinished', (event) => profiles.push(event.profile));
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  // The page ends the first part itself, at the mark, and starts the second.
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (/** @type {string} */ markName, /** @type {any} */ options) => {
      const entry = mark(markName, options);
      if (markName === 'tasklane:team-ready') console.profile('ready-to-card');
      return entry;
    };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main article')) return;
      observer.disconnect();
      console.profileEnd('ready-to-card');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('main article', { timeout: 60_000 });
  const { profile } = await session.send('Profiler.stop');
  await session.detach();
  printProfile(profileDir, [profile], `${name}-whole`, 'navigation to the first card');
  printProfile(profileDir, profiles, `${name}-after-ready`, 'list in memory to the first card');
}
