import { makeTasks, openSeeded } from './scripts/bench-board-seed.mjs';
import { runBench } from './scripts/bench-support.mjs';
await runBench({ port: 3274, dataDir: 'data/bench-prof' }, async ({ base, browser }) => {
  const tasks = makeTasks(5000);
  const { context, page } = await openSeeded(browser, base, JSON.stringify(tasks));
  await page.goto(`${base}/user/dashboard`, { waitUntil: 'networkidle' });
  const id = tasks.find((t) => t.progress <= 40).id;
  await page.click(`#task-card-${id}`);
  await page.waitForSelector('dialog[open] h2');
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < 10; i++) {
    await page.evaluate(async (i) => {
      const select = document.querySelectorAll('dialog[open] select')[0];
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, i % 2 ? 'High' : 'Low');
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }, i);
  }
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; const counts = new Map();
  profile.samples.forEach((s, i) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
  for (const [nid, us] of counts) { const n = byId.get(nid); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`; self.set(key, (self.get(key) ?? 0) + us); }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log('total ms', (total / 1000).toFixed(1));
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((us / 1000).toFixed(1).padStart(7), k);
});
