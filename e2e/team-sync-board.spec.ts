/**
 * The member board's 'Mine / All' filter (docs/product.md#board-filter), on the worker's production
 * server with TEAM_SYNC=on (the `teamServer` fixture): the exact texts, the choice remembered after a
 * reload, a keyboard drag while filtered, axe at both widths. With sync off (the shared e2e server) the board has no filter.
 */
import { request, type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  findAxeViolations,
  openWith,
  pickUpWithKeyboard,
  readStoredJson,
  readTeamTasks,
} from './page-helpers';
import type { AppProcess } from './process-helpers';
import { registerViaApi, signIn, uniqueEmail } from './session-helpers';
import { assignTo, pushTasksAt } from './team-sync-helpers';

type Account = { fullName: string; email: string; token: string };

let server: AppProcess;
const accounts = {} as Record<'alice' | 'bob' | 'carol', Account>;

async function register(fullName: string, email: string): Promise<Account> {
  const api = await request.newContext({ baseURL: server.base });
  const token = await registerViaApi(api, { fullName, email });
  await api.dispose();
  return { fullName, email, token };
}

/** `owner` creates tasks through the push endpoint (the Create Tasks form always assigns to oneself). */
async function createTasks(owner: Account, tasks: { title: string; assignee: Account }[]): Promise<void> {
  await pushTasksAt(
    server.base,
    owner,
    tasks.map(({ title, assignee }) => ({ title, ...assignTo(assignee), progress: 0, email: owner.email })),
  );
}

/** A fresh browser profile signed in as `account`, on the dashboard; its first sync under way. */
async function openBoard(browser: Browser, account: Account) {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await signIn(page, { token: account.token, email: account.email, name: account.fullName });
  await page.goto('/user/dashboard');
  return { context, page };
}

/**
 * Waits for `shown`, which appears once the first sync has brought the tasks: that can take a while on
 * a busy CI machine (a wait, not a speed bar).
 */
async function afterFirstSync(shown: Locator): Promise<void> {
  await expect(shown).toBeVisible({ timeout: 15_000 });
}

function filterGroup(page: Page): Locator {
  return page.getByRole('group', { name: 'Tasks on the board' });
}

function card(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(title) });
}

test.describe('@one-width Mine / All with team sync on', () => {
  // Each test opens devices that each run a first sync, and full axe runs take seconds on a busy
  // 2-core machine: more than the default 30 s there, though well under it on an idle one.
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    accounts.alice = await register('Alice Board', uniqueEmail('alice-board'));
    accounts.bob = await register('Bob Board', uniqueEmail('bob-board'));
    accounts.carol = await register('Carol Board', uniqueEmail('carol-board'));
    await createTasks(accounts.alice, [
      { title: 'Write the brief', assignee: accounts.alice },
      { title: 'Review the slides', assignee: accounts.bob },
      { title: 'Book the room', assignee: accounts.bob },
    ]);
  });

  test('All by default; Mine shows my tasks, is remembered after a reload, and a drag works while filtered', async ({
    browser,
  }) => {
    const { context, page } = await openBoard(browser, accounts.alice);
    const mine = filterGroup(page).getByRole('radio', { name: 'Mine (1)', exact: true });
    const all = filterGroup(page).getByRole('radio', { name: 'All (3)', exact: true });
    await afterFirstSync(all);
    await expect(all).toBeChecked();
    await expect(mine).not.toBeChecked();
    for (const title of ['Write the brief', 'Review the slides', 'Book the room']) {
      await expect(card(page, title)).toBeVisible();
    }

    // A radio group: the arrow keys move the choice.
    await all.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(mine).toBeChecked();
    await expect(card(page, 'Write the brief')).toBeVisible();
    await expect(card(page, 'Review the slides')).toHaveCount(0);
    await expect(page.locator('section[data-column="To Do"] h2')).toHaveText('To Do1 task');

    await page.reload();
    await expect(filterGroup(page).getByRole('radio', { name: 'Mine (1)', exact: true })).toBeChecked();
    await expect(card(page, 'Book the room')).toHaveCount(0);
    expect(await readStoredJson(page, 'tasklane.boardFilter')).toBe('mine');

    // A keyboard drag while filtered saves the column and the card stays in view.
    await card(page, 'Write the brief').focus();
    await pickUpWithKeyboard(page, 'Task "Write the brief" is over the To Do column.');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Task "Write the brief" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByText('Task "Write the brief" was dropped in the In Progress column.'),
    ).toBeAttached();
    await expect(
      page.locator('section[data-column="In Progress"]').getByRole('button', { name: /Write the brief/ }),
    ).toBeVisible();
    const stored = (await readTeamTasks(page)) ?? [];
    expect(stored.find((task) => task.title === 'Write the brief')?.column).toBe('In Progress');
    await context.close();
  });

  test('Mine counts each member’s own tasks; with none it says so; axe at 1280 and 360 px, nothing scrolls sideways', async ({
    browser,
  }) => {
    // Bob holds Alice's two tasks given to him: they are his.
    const bob = await openBoard(browser, accounts.bob);
    await afterFirstSync(filterGroup(bob.page).getByRole('radio', { name: 'Mine (2)', exact: true }));
    await expect(filterGroup(bob.page).getByRole('radio', { name: 'All (2)', exact: true })).toBeChecked();
    await bob.context.close();

    // Carol holds no task: nothing to wait for.
    const { context, page } = await openBoard(browser, accounts.carol);
    await filterGroup(page).getByText('Mine (0)', { exact: true }).click();
    await expect(filterGroup(page).getByRole('radio', { name: 'Mine (0)', exact: true })).toBeChecked();
    await expect(
      page.getByText('No tasks are assigned to you. Choose All to see every task on this device.'),
    ).toBeVisible();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await findAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await context.close();
  });
});

test('@one-width with sync off, the board has no Mine / All filter', async ({ memberPage: page }) => {
  await openWith(page, '/user/dashboard', {
    tasks: [
      {
        id: '1',
        title: 'Someone else’s',
        description: 'Kept',
        priority: 'Low',
        deadline: '2099-01-01',
        progress: 0,
        assignedTo: 'Not Me',
      },
    ],
  });
  await expect(card(page, 'Someone else’s')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('Tasks on the board')).toHaveCount(0);
});
