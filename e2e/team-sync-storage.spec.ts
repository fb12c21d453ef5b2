/**
 * Team mode's store refused (docs/product.md#team-modes-store): with the browser's quota for the site
 * cut to 300 kB (Chromium's DevTools protocol, `Storage.overrideQuotaForOrigin`), new
 * tasks cannot be stored. Sync stops and says so, nothing on the page is lost, and Retry resumes once
 * the browser takes the data again.
 *
 * The quota can only be cut in a browser profile on disk (Playwright's usual contexts are in memory,
 * where the override has no effect), so this test launches one of its own.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import chromiumFlags from '../scripts/chromium-flags.json';
import { expect as baseExpect, test } from './fixtures';
import { signIn } from './session-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { addTask, pullAll, registerAccount, submitTask, syncStatus, type Account } from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const expect = baseExpect.configure({ timeout: 15_000 });

const FULL_MESSAGE =
  'This device’s storage is full, so sync has stopped. The tasks on this page are kept. Free some space on this device (or clear other sites’ data), then select Retry.';

let server: AppProcess;
let member: Account;

test.beforeAll(async () => {
  server = await startAppServer({ TEAM_SYNC: 'on' });
  member = await registerAccount(server.base, 'Quinn Quota', 'quinn@example.com', 'user');
});

test.afterAll(async () => {
  await server?.stop();
});

test('@one-width storage full: the status and a toast say so, the page keeps its tasks, Retry resumes', async ({
  browserName,
}) => {
  test.skip(browserName !== 'chromium', 'The quota is set through Chromium’s DevTools protocol.');
  const profile = mkdtempSync(path.join(tmpdir(), 'tasklane-quota-'));
  const context = await chromium.launchPersistentContext(profile, {
    baseURL: server.base,
    args: chromiumFlags,
    // The full browser, as people run it, also where the suite runs in the headless shell: the shell
    // counts freed space differently, and Retry met a full quota again there.
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // Set before the site stores anything (the browser reads an origin's quota once): 1 MB, of which
  // other data of the site (a database of its own, deleted later to make room) takes 800 kB. Deleting
  // it leaves several times the room the tasks take: Retry stores every task and the sync records
  // again, and the browser counts the rewritten records before it frees the old ones (with 200 kB of
  // room, Retry met a full quota again on some runs).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.base, quotaSize: 1_000_000 });
  await signIn(page, { token: member.token, email: member.email, name: member.fullName });
  await page.evaluate(
    (size) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('ballast');
        opening.onupgradeneeded = () => opening.result.createObjectStore('data');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          // Random, so that it does not compress (getRandomValues fills at most 64 kB at a time).
          const bytes = new Uint8Array(size);
          for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
          const tx = opening.result.transaction('data', 'readwrite');
          tx.objectStore('data').put(bytes, 1);
          tx.oncomplete = () => {
            opening.result.close();
            resolve();
          };
          tx.onabort = () => reject(tx.error);
        };
      }),
    800_000,
  );
  await addTask(page, 'Before the quota', 'Stored and synced');
  const status = syncStatus(page);
  await expect(status).toHaveText('Synced');

  // Each task is more to store (text that does not compress: the browser compresses large values);
  // the browser refuses one once the quota is reached.
  let seed = 7;
  const noise = () =>
    Array.from({ length: 1_500 }, () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return String.fromCharCode(97 + (seed % 26));
    }).join('');
  let last = 0;
  for (let index = 1; index <= 200; index++) {
    last = index;
    await submitTask(page, `Over the quota ${index}`, noise());
    if ((await status.textContent())?.includes('Sync stopped')) break;
  }
  await expect(status).toContainText('Sync stopped: storage full');
  await expect(page.getByText(FULL_MESSAGE, { exact: true })).toBeVisible();
  await expect(status).toHaveAttribute('title', FULL_MESSAGE);
  // Nothing on the page was lost.
  await expect(page.getByRole('article', { name: 'Over the quota 1', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Before the quota' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Over the quota ${last}`, exact: true })).toBeVisible();

  // Room again (the other data deleted): Retry stores what the page holds and sync resumes.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const deleting = indexedDB.deleteDatabase('ballast');
        deleting.onsuccess = () => resolve();
        deleting.onerror = () => reject(deleting.error);
      }),
  );
  // The browser counts the freed space a moment later: Retry once it reports room (else the retry
  // meets a full quota again, as a user who retries too soon would).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const { usage = 0, quota = 0 } = await navigator.storage.estimate();
          return quota - usage;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(600_000);
  // The toast carries Retry too (it covers the navbar's on narrow screens); it goes once sync resumes.
  const toast = page.locator('[data-sonner-toast]', { hasText: FULL_MESSAGE });
  await toast.getByRole('button', { name: 'Retry' }).click();
  await expect(toast).toHaveCount(0);
  await expect(status).toHaveText('Synced');
  const titles = (await pullAll(server.base, member)).map((task) => task.data.title);
  expect(titles).toContain('Before the quota');
  expect(titles).toContain('Over the quota 1');
  expect(titles).toContain(`Over the quota ${last}`);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});
