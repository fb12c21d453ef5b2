/** One driver's measures on a server of its own (see main.mjs for what is measured and why). */
import { CONCURRENT, runs } from './config.mjs';
import { rssOf, withRss } from './memory.mjs';
import { accountWithTask, download, upload } from './requests.mjs';
import { startAppServer } from './servers.mjs';

/**
 * The measures of one driver on its own server: `env` selects the store.
 * @param {string} dataDir
 * @param {Record<string, string>} env
 * @param {{ file: string, size: number, sha256: string, small: { file: string, size: number, sha256: string } }} files
 */
export async function measureDriver(dataDir, env, files) {
  const server = await startAppServer(dataDir, env);
  try {
    const target = { base: server.base, ...(await accountWithTask(server.base)) };
    // Warm-up: the routes, the store's client and the database paths load on first use.
    const warm = await upload(target, files.small.file, files.small.size);
    await download(target, warm.id, files.small);
    // The first 25 MB upload on its own: the garbage its chunks leave until V8 collects it takes
    // memory the process then keeps and reuses (see main.mjs); the steady state is what follows.
    const first = await withRss(server.pid, () => upload(target, files.file, files.size));
    const uploads = await withRss(server.pid, async (/** @type {() => number} */ segment) => {
      /** @type {Array<{ id: string, ms: number, growth: number }>} */
      const done = [];
      for (let run = 0; run < runs; run++)
        done.push({ ...(await upload(target, files.file, files.size)), growth: segment() });
      return done;
    });
    const downloads = await withRss(server.pid, async () => {
      /** @type {number[]} */
      const times = [];
      for (const { id } of uploads.result) times.push(await download(target, id, files));
      return times;
    });
    const concurrent = await withRss(server.pid, async () => {
      const started = performance.now();
      const done = await Promise.all(
        Array.from({ length: CONCURRENT }, () => upload(target, files.file, files.size)),
      );
      return { done, wallMs: performance.now() - started };
    });
    for (const { id } of concurrent.result.done) await download(target, id, files);
    return {
      firstUploadGrowth: first.growth,
      firstUploadRssBefore: first.before,
      uploadMs: uploads.result.map((u) => u.ms),
      downloadMs: downloads.result,
      uploadGrowth: uploads.growth,
      eachUploadGrowth: uploads.result.map((u) => u.growth),
      uploadRssBefore: uploads.before,
      samples: uploads.samples,
      downloadGrowth: downloads.growth,
      concurrentMs: concurrent.result.wallMs,
      concurrentGrowth: concurrent.growth,
      rssAfter: rssOf(server.pid),
    };
  } finally {
    await server.stop();
  }
}
