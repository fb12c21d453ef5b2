/**
 * JavaScript the member profile page loads (gzip as transferred, Chromium CDP `encodedDataLength`):
 * on load, then after the "Your data" section's code is fetched (an export click and a file chosen).
 * Run on the production build: `npm run build`, then
 * `node scripts/bench-profile-js.mjs [--port 3320] [--runs 3]`.
 */
import { argValue, median, runBench } from './bench-support.mjs';

const port = Number(argValue('--port') ?? 3320);
const runs = Number(argValue('--runs') ?? 3);

const encode = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
  sub: 'bench',
  role: 'user',
  sv: 0,
  exp: Math.floor(Date.now() / 1000) + 3600,
})}.signature`;

await runBench({ port, dataDir: 'data/bench-profile-js' }, async ({ base, browser }) => {
  /** @type {number[]} */
  const onLoad = [];
  /** @type {number[]} */
  const withSection = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('user', JSON.stringify({ email: 'bench@example.com' }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Bench' }));
    }, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** @type {Map<string, string>} */
    const types = new Map();
    let scriptBytes = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
    });
    await page.goto(`${base}/user/profile`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    onLoad.push(scriptBytes);
    const exportButton = page.getByRole('button', { name: 'Export tasks (CSV)' });
    if ((await exportButton.count()) > 0) {
      const download = page.waitForEvent('download');
      await exportButton.click();
      await download;
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import a file' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'tasks.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('id,title\r\n1,One\r\n'),
      });
      await page.getByRole('heading', { name: 'Import preview' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    withSection.push(scriptBytes);
    await context.close();
  }
  const kB = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`/user/profile JavaScript on load: ${kB(median(onLoad))} (runs: ${onLoad.map(kB).join(', ')})`);
  console.log(`… after export and import preview: ${kB(median(withSection))}`);
});
