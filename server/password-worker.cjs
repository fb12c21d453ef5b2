// One thread of the password pool (server/password-pool.ts): runs bcryptjs off the main event
// loop. Plain CommonJS, not bundled, so `next dev`, the standalone build, vitest and tsx all start
// the very same file (next.config.mjs ships it and bcryptjs with the standalone server).
'use strict';
const { parentPort, threadId } = require('node:worker_threads');
const bcrypt = require('bcryptjs');

parentPort.on('message', async (job) => {
  try {
    const value =
      job.op === 'hash'
        ? await bcrypt.hash(job.password, job.cost)
        : await bcrypt.compare(job.password, job.hash);
    parentPort.postMessage({ id: job.id, ok: true, value, threadId });
  } catch (error) {
    // Only the message crosses back: bcryptjs's messages name the problem, never the password.
    parentPort.postMessage({ id: job.id, ok: false, message: String(error && error.message), threadId });
  }
});
