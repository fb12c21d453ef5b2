/**
 * "Show older completed tasks" (docs/product.md#archived-tasks), team sync on: under the member
 * board's Completed column and Manage Tasks' Completed table, archived tasks paged from the server
 * with the finder's search; empty and offline states; opening one brings it back for the page; axe at both widths. On its
 * own production server with TEAM_SYNC=on (with sync off there is no such button).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, readTeamTasks } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { openDeviceAt, pushTasksAt, registerAccount, type Account } from './team-sync-helpers';

let server: AppProcess;
const accounts = {} as Record<'admin' | 'member', Account>;
const DAY_MS = 24 * 60 * 60_000;
const ARCHIVED = 23;

function completedColumn(page: Page): Locator {
  return page.locator('section[data-column="Completed"]');
}

function older(scope: Locator): Locator {
  return scope.getByRole('region', { name: 'Older completed tasks', exact: true });
}

function showOlder(scope: Locator): Locator {
  return scope.getByRole('button', { name: 'Show older completed tasks', exact: true });
}

async function openBoard(page: Page): Promise<void> {
  await page.goto('/user/dashboard');
  await expect(page.getByRole('button', { name: /Fresh errand/ })).toBeVisible({ timeout: 15_000 });
}

test.describe('older completed tasks with team sync on', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    accounts.admin = await registerAccount(server.base, 'Tara Admin', 'tara@example.com', 'admin');
    accounts.member = await registerAccount(server.base, 'Mo Member', 'mo@example.com', 'user');
    const tasks: Record<string, unknown>[] = [];
    for (let index = 0; index < ARCHIVED; index++) {
      tasks.push({
        title: `Archived ${String(index).padStart(2, '0')}`,
        description: index % 2 === 0 ? 'Cleared the harbour permit' : 'Filed the report',
        progress: 100,
        completedAt: new Date(Date.UTC(2026, 0, 28) - index * DAY_MS).toISOString(),
      });
    }
    tasks.push({
      title: 'Fresh errand',
      description: 'Buy stamps',
      progress: 100,
      completedAt: new Date().toISOString(),
    });
    tasks.push({ title: 'Open errand', description: 'Post the harbour letters', progress: 20 });
    await pushTasksAt(
      server.base,
      accounts.member,
      tasks.map((task) => ({ assignedTo: accounts.member.fullName, ...task })),
    );
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the board pages them newest first with Show more; axe finds nothing', async ({ browser }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.member);
    await openBoard(page);
    const column = completedColumn(page);
    await showOlder(column).click();
    const rows = older(column).getByRole('listitem');
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByRole('button')).toHaveText('Archived 00');
    await expect(rows.first()).toContainText('Mo Member · Completed 28/1/2026');
    await expect(rows.nth(19).getByRole('button')).toHaveText('Archived 19');
    expect(await findAxeViolations(page)).toEqual([]);
    await older(column).getByRole('button', { name: 'Show more', exact: true }).click();
    await expect(rows).toHaveCount(ARCHIVED);
    await expect(rows.last().getByRole('button')).toHaveText('Archived 22');
    await expect(older(column).getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await context.close();
  });

  test('@one-width with the finder’s search; none matching; a new search closes the list', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.member);
    await openBoard(page);
    const search = page
      .getByRole('search', { name: 'Find tasks' })
      .getByRole('searchbox', { name: 'Search tasks' });
    await search.fill('HARBOUR');
    await expect(page).toHaveURL(/[?&]q=HARBOUR/);
    const column = completedColumn(page);
    await showOlder(column).click();
    const rows = older(column).getByRole('listitem');
    await expect(rows).toHaveCount(12);
    await expect(rows.first().getByRole('button')).toHaveText('Archived 00');
    await expect(rows.nth(1).getByRole('button')).toHaveText('Archived 02');

    await search.fill('errand');
    await expect(page).toHaveURL(/[?&]q=errand/);
    await expect(showOlder(column)).toBeVisible();
    await showOlder(column).click();
    await expect(older(column).getByRole('status')).toHaveText('No older completed tasks.');
    await expect(rows).toHaveCount(0);
    await context.close();
  });

  test('@one-width offline; opening one brings it back for the page, and a reload lets it go again', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.member);
    await openBoard(page);
    const column = completedColumn(page);
    await context.setOffline(true);
    await showOlder(column).click();
    await expect(older(column).getByRole('status')).toHaveText(
      'You are offline. Older completed tasks need a connection.',
    );
    await expect(older(column).getByRole('button', { name: 'Retry', exact: true })).toBeDisabled();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await older(column).getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(older(column).getByRole('listitem')).toHaveCount(20);
    // The task joins this browser's tasks and its view opens.
    await older(column).getByRole('button', { name: 'Archived 03', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Archived 03' })).toBeVisible();
    await expect
      .poll(async () => ((await readTeamTasks(page)) ?? []).map((task) => task.title))
      .toContain('Archived 03');
    await page.keyboard.press('Escape');
    const card = column.locator('[aria-roledescription="draggable task"]', { hasText: 'Archived 03' });
    await expect(card).toBeVisible();
    // For this page only: after a reload the first pull lets it go again (it stays on the server).
    await page.reload();
    await expect(page.getByRole('button', { name: /Fresh errand/ })).toBeVisible({ timeout: 15_000 });
    await expect(card).toHaveCount(0);
    await expect
      .poll(async () => ((await readTeamTasks(page)) ?? []).map((task) => task.title))
      .not.toContain('Archived 03');
    await context.close();
  });

  test('@one-width Manage Tasks lists them under Completed Tasks', async ({ browser }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    await page.goto('/admin/manage-tasks');
    const completed = page.getByRole('region', { name: 'Completed Tasks', exact: true }).locator('..');
    await expect(page.getByRole('table', { name: 'Completed Tasks' })).toBeVisible({ timeout: 15_000 });
    await showOlder(completed).click();
    const rows = older(completed).getByRole('listitem');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('Archived 00');
    await context.close();
  });
});
