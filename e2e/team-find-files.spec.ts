/**
 * The finder's `Has files` (docs/product.md#finding-tasks, #files-on-tasks) with team sync on, on the
 * worker's production server: a file attached in the task view makes the task one of those the
 * checkbox keeps, on the board and on Create Tasks, and the choice lives in the address (`has=files`).
 * The counts come from the server here, from this browser in the default mode (e2e/find-tasks.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './session-helpers';
import { openDeviceAt, pushTasksAt, registerAccount, type Account } from './team-sync-helpers';

const TITLES = ['Print the posters', 'Book the hall', 'Pay the caterer'];
/** Counts and files arrive from the server: well under a reload, with room for a busy machine. */
const LIVE = { timeout: 15_000 };

let fay: Account;
let uids: string[];

function finder(page: Page): Locator {
  return page.getByRole('search', { name: 'Find tasks' });
}

function hasFiles(page: Page): Locator {
  return finder(page).getByRole('checkbox', { name: 'Has files', exact: true });
}

function boardTitles(page: Page): Locator {
  return page.locator('section[data-column] h3');
}

function gridTitles(page: Page): Locator {
  return page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
}

/** The vertical middle of `locator`'s box. */
async function middleOf(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return box.y + box.height / 2;
}

test.describe('@one-width the finder’s Has files', () => {
  test.beforeAll(async ({ teamServer }) => {
    fay = await registerAccount(teamServer.base, 'Fay Finder', uniqueEmail('fay-files'), 'user');
    uids = (
      await pushTasksAt(
        teamServer.base,
        fay,
        TITLES.map((title) => ({ title })),
      )
    ).uids;
  });

  test('keeps the tasks holding a file, on the board and Create Tasks, kept in the address', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(90_000);
    const { page, context } = await openDeviceAt(teamServer.base, browser, fay);

    // One file on the first task, attached in its view.
    await page.goto(`/user/dashboard?task=${uids[0]}`);
    const files = page.getByRole('dialog').getByRole('region', { name: 'Files' });
    await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible(LIVE);
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'poster.txt', mimeType: 'text/plain', buffer: Buffer.from('A2, 200 copies') });
    await expect(files.getByRole('link', { name: 'poster.txt', exact: true })).toBeVisible(LIVE);
    await page.keyboard.press('Escape');
    await expect(page.getByText('1 file', { exact: true })).toBeVisible(LIVE);
    await expect(boardTitles(page)).toHaveCount(3);

    // Behind Filters, unchecked at first; checked, only that task, counted, in the address.
    await finder(page).getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(hasFiles(page)).not.toBeChecked();
    await hasFiles(page).check();
    await expect(boardTitles(page)).toHaveText([TITLES[0]!]);
    await expect(finder(page).locator('[aria-live="polite"]')).toHaveText('1 of 3 tasks');
    await expect(finder(page).getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard\?has=files$/);

    // Create Tasks from the address: checked, the filters open, in the finder's one row at 1280 px.
    await page.goto('/user/userpage?has=FILES');
    await expect(hasFiles(page)).toBeChecked(LIVE);
    await expect(gridTitles(page)).toHaveText([TITLES[0]!], LIVE);
    const search = finder(page).getByRole('searchbox', { name: 'Search tasks', exact: true });
    expect(Math.abs((await middleOf(hasFiles(page))) - (await middleOf(search)))).toBeLessThanOrEqual(3);

    // Unchecked: every task again, and the address forgets it.
    await hasFiles(page).uncheck();
    await expect(gridTitles(page)).toHaveCount(3);
    await expect(page).toHaveURL(/\/user\/userpage$/);
    await context.close();
  });
});
