/**
 * The task's history in the task view with team sync on (docs/product.md#task-history): read only
 * when the section comes into view, the server's sentences after real edits, newest first, following
 * the task while open, paged with `Show older`; the failure, offline and not-allowed states; axe.
 * A production server with TEAM_SYNC=on on its own SQLite file; browser contexts stand for devices.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  type Account,
  boardColumn,
  createTaskFor,
  openDeviceAt,
  pushChangesAt,
  pushTasksAt,
  registerAccount,
  userIdOf,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
const accounts = {} as Record<'ana' | 'ben' | 'cy', Account>;
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);
const HISTORY_REQUEST = /\/api\/sync\/tasks\/[^/]+\/history/;

function historyOf(view: Locator): Locator {
  return view.getByRole('region', { name: 'History' });
}

function entriesOf(view: Locator): Locator {
  return historyOf(view).getByRole('listitem');
}

/** The sentences shown, newest first (each item's text without its time). */
async function sentences(view: Locator): Promise<string[]> {
  return entriesOf(view).evaluateAll((items) =>
    items.map((item) => item.firstElementChild?.textContent ?? ''),
  );
}

/** A task of Ana's assigned to Ben, as a browser's first push of it would write it. */
const forBen = (title: string) => ({
  title,
  progress: 0,
  assignedTo: 'Ben Builder',
  assigneeId: userIdOf(accounts.ben),
  email: accounts.ana.email,
});

/** Counts this page's history requests from now on. */
function countHistoryRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (HISTORY_REQUEST.test(request.url())) seen.push(request.url());
  });
  return seen;
}

test.describe('task history', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    accounts.ana = await registerAccount(server.base, 'Ana Author', 'ana-history@example.com', 'user');
    accounts.ben = await registerAccount(server.base, 'Ben Builder', 'ben-history@example.com', 'user');
    accounts.cy = await registerAccount(server.base, 'Cy Outsider', 'cy-history@example.com', 'user');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width read when scrolled to; the sentences of real edits, newest first, following the task', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, 'Plan the offsite', 'Ben Builder');
    await ana.page.goto('/user/dashboard');
    const requests = countHistoryRequests(ana.page);
    await boardColumn(ana.page, 'To Do').getByText('Plan the offsite').click();
    const view = ana.page.getByRole('dialog');
    await expect(view.getByRole('region', { name: 'Comments' }).getByText('No comments yet.')).toBeVisible();
    // Opening the task asks nothing of the history: it is below the fold.
    await ana.page.waitForTimeout(1_500);
    expect(requests).toEqual([]);
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(2, { timeout: 10_000 });
    expect(await sentences(view)).toEqual([
      'Ana Author assigned the task to Ben Builder',
      'Ana Author created the task',
    ]);
    expect(requests).toHaveLength(1);
    await expect(historyOf(view).getByRole('button', { name: 'Show older' })).toHaveCount(0);
    await expect(historyOf(view).getByText('Older changes are not kept (30 days).')).toHaveCount(0);
    // The time: relative, the exact one on focus.
    const time = entriesOf(view).first().getByRole('time');
    await expect(time).toHaveText(/^(just now|\d+ seconds? ago)$/);
    await time.focus();
    await expect(historyOf(view).getByRole('tooltip').first()).toBeVisible();

    // Each edit reaches the server, and the open history shows it on top.
    const slider = view.getByLabel('Progress', { exact: true });
    await slider.fill('40');
    await expect(entriesOf(view).first()).toContainText('Ana Author changed progress 0 → 40', {
      timeout: 15_000,
    });
    // A second move within 5 minutes: the same entry, updated in place (docs/product.md#task-history).
    await slider.fill('80');
    await expect(entriesOf(view).first()).toContainText('Ana Author changed progress 0 → 80', {
      timeout: 15_000,
    });
    await expect(entriesOf(view)).toHaveCount(3);
    await slider.fill('100');
    await expect(entriesOf(view).first()).toContainText('Ana Author completed the task', { timeout: 15_000 });
    const box = view.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('Booked the lake');
    await box.press('Enter');
    await expect(entriesOf(view).first()).toContainText('Ana Author commented', { timeout: 15_000 });
    expect(await sentences(view)).toEqual([
      'Ana Author commented',
      'Ana Author completed the task',
      'Ana Author changed progress 0 → 80',
      'Ana Author assigned the task to Ben Builder',
      'Ana Author created the task',
    ]);

    // Ben, who is assigned, reads the same history with Ana's name.
    const ben = await openDevice(browser, accounts.ben);
    await ben.page.goto(`/user/dashboard?task=${uid}`);
    const benView = ben.page.getByRole('dialog');
    await expect(benView.getByRole('heading', { name: 'Plan the offsite' })).toBeVisible({ timeout: 30_000 });
    await historyOf(benView).scrollIntoViewIfNeeded();
    await expect(entriesOf(benView)).toHaveCount(5, { timeout: 10_000 });
    expect(await sentences(benView)).toEqual(await sentences(view));
    await ana.context.close();
    await ben.context.close();
  });

  test('@one-width ArrowRight pressed five times on Progress reads as one History entry', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { uids } = await pushTasksAt(server.base, accounts.ana, [forBen('Tune the slider')]);
    const ana = await openDevice(browser, accounts.ana);
    await ana.page.goto(`/user/dashboard?task=${uids[0]}`);
    const view = ana.page.getByRole('dialog');
    await expect(view.getByRole('heading', { name: 'Tune the slider' })).toBeVisible({ timeout: 30_000 });
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(2, { timeout: 10_000 });
    const slider = view.getByLabel('Progress', { exact: true });
    await slider.focus();
    // Each press reaches the server on its own (five operations in the log).
    for (let press = 1; press <= 5; press += 1) {
      const pushed = ana.page.waitForResponse((response) => response.url().includes('/api/sync/push'));
      await ana.page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuetext', `${press}% Completed`);
      await pushed;
    }
    await expect(entriesOf(view).first()).toContainText('Ana Author changed progress 0 → 5', {
      timeout: 15_000,
    });
    expect(await sentences(view)).toEqual([
      'Ana Author changed progress 0 → 5',
      'Ana Author assigned the task to Ben Builder',
      'Ana Author created the task',
    ]);
    // Read again from the start (a new page load): the same one entry.
    await ana.page.reload();
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(3, { timeout: 15_000 });
    expect((await sentences(view))[0]).toBe('Ana Author changed progress 0 → 5');
    await ana.context.close();
  });

  test('@one-width Show older reads the next page; a purged history ends with its note', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { uids, version } = await pushTasksAt(server.base, accounts.ana, [forBen('Step 0')]);
    const uid = uids[0]!;
    // 55 title changes, Ana and Ben in turn (so none merge): with the creation and its assignee,
    // 57 entries, one more page than the 50 of the first.
    let at = version;
    for (let step = 1; step <= 55; step += 1) {
      at = await pushChangesAt(server.base, step % 2 ? accounts.ana : accounts.ben, uid, at, [
        { title: `Step ${step}` },
      ]);
    }
    const ana = await openDevice(browser, accounts.ana);
    const requests = countHistoryRequests(ana.page);
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    const view = ana.page.getByRole('dialog');
    await expect(view.getByRole('heading', { name: 'Step 55' })).toBeVisible({ timeout: 30_000 });
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(50, { timeout: 10_000 });
    await expect(entriesOf(view).first()).toContainText('Ana Author changed title Step 54 → Step 55');
    await expect(entriesOf(view).last()).toContainText('Ben Builder changed title Step 5 → Step 6');
    await historyOf(view).getByRole('button', { name: 'Show older' }).click();
    await expect(entriesOf(view)).toHaveCount(57);
    expect((await sentences(view)).slice(49)).toEqual([
      'Ben Builder changed title Step 5 → Step 6',
      'Ana Author changed title Step 4 → Step 5',
      'Ben Builder changed title Step 3 → Step 4',
      'Ana Author changed title Step 2 → Step 3',
      'Ben Builder changed title Step 1 → Step 2',
      'Ana Author changed title Step 0 → Step 1',
      'Ana Author assigned the task to Ben Builder',
      'Ana Author created the task',
    ]);
    expect(requests).toHaveLength(2);
    expect(new URL(requests[1]!).searchParams.get('before')).toBeTruthy();
    await expect(historyOf(view).getByRole('button', { name: 'Show older' })).toHaveCount(0);
    await expect(historyOf(view).getByText('Older changes are not kept (30 days).')).toHaveCount(0);

    // The server's own answer, marked as after the 30-day purge: the last page ends with the note.
    await ana.page.route(HISTORY_REQUEST, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, complete: false } });
    });
    await ana.page.reload();
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(50, { timeout: 15_000 });
    const note = historyOf(view).getByText('Older changes are not kept (30 days).', { exact: true });
    await expect(note).toHaveCount(0);
    await historyOf(view).getByRole('button', { name: 'Show older' }).click();
    await expect(entriesOf(view)).toHaveCount(57);
    await expect(note).toBeVisible();
    await ana.context.close();
  });

  test('@one-width failure with Retry, a task the reader may not see, and offline', async ({ browser }) => {
    test.setTimeout(120_000);
    const { uids } = await pushTasksAt(server.base, accounts.ana, [forBen('Order chairs')]);
    const uid = uids[0]!;
    const ana = await openDevice(browser, accounts.ana);
    await ana.page.route(HISTORY_REQUEST, (route) => route.fulfill({ status: 500, body: '' }));
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    const view = ana.page.getByRole('dialog');
    await expect(view.getByRole('heading', { name: 'Order chairs' })).toBeVisible({ timeout: 30_000 });
    await historyOf(view).scrollIntoViewIfNeeded();
    const failure = historyOf(view).getByRole('alert');
    await expect(
      failure.getByText('Could not load the history (status 500).', { exact: true }),
    ).toBeVisible();
    await ana.page.unroute(HISTORY_REQUEST);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toHaveCount(0);
    await expect(entriesOf(view)).toHaveCount(2, { timeout: 10_000 });
    expect(await sentences(view)).toEqual([
      'Ana Author assigned the task to Ben Builder',
      'Ana Author created the task',
    ]);

    // Asked with the token of Cy, who may not see the task: the server's 404 in words.
    await ana.page.route(HISTORY_REQUEST, (route) =>
      route.continue({
        headers: { ...route.request().headers(), authorization: `Bearer ${accounts.cy.token}` },
      }),
    );
    await ana.page.reload();
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(
      historyOf(view).getByRole('alert').getByText('No such task, or you cannot see it.', { exact: true }),
    ).toBeVisible();
    await ana.page.unroute(HISTORY_REQUEST);

    // Offline: said, and nothing asked; back online, read.
    await ana.page.reload();
    await expect(view.getByRole('heading', { name: 'Order chairs' })).toBeVisible({ timeout: 30_000 });
    const requests = countHistoryRequests(ana.page);
    await ana.context.setOffline(true);
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(
      historyOf(view).getByText("You are offline. The task's history needs a connection.", { exact: true }),
    ).toBeVisible();
    await ana.page.waitForTimeout(1_000);
    expect(requests).toEqual([]);
    await expect(historyOf(view).getByRole('status')).toHaveText(
      "You are offline. The task's history needs a connection.",
    );
    await ana.context.setOffline(false);
    await expect(entriesOf(view)).toHaveCount(2, { timeout: 10_000 });
    await expect(
      historyOf(view).getByText("You are offline. The task's history needs a connection."),
    ).toHaveCount(0);
    await ana.context.close();
  });

  test('the task view with its history has no axe violations, light and dark', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { uids, version } = await pushTasksAt(server.base, accounts.ana, [
      forBen(`Print menus ${testInfo.project.name}`),
    ]);
    await pushChangesAt(server.base, accounts.ana, uids[0]!, version, [
      { progress: 20 },
      { progress: 40 },
      { priority: 'High', description: 'Two colours' },
      { title: `Print the menus ${testInfo.project.name}` },
    ]);
    const ana = await openDevice(browser, accounts.ana);
    await ana.page.goto(`/user/dashboard?task=${uids[0]}`);
    const view = ana.page.getByRole('dialog');
    await historyOf(view).scrollIntoViewIfNeeded();
    await expect(entriesOf(view)).toHaveCount(6, { timeout: 15_000 });
    await expect(
      historyOf(view).getByText('Ana Author changed progress 0 → 40', { exact: true }),
    ).toBeVisible();
    await historyOf(view).scrollIntoViewIfNeeded();
    await ana.page.screenshot({ path: testInfo.outputPath('history-light.png') });
    await ana.page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await ana.page.screenshot({ path: testInfo.outputPath('history-dark.png') });
    await ana.page.evaluate(() => delete document.documentElement.dataset.theme);
    expect(await findAxeViolations(ana.page)).toEqual([]);
    await ana.context.close();
  });
});
