/**
 * The admin dashboard with team sync on (docs/product.md#admin-dashboard): its task figures are the
 * server's (GET /api/sync/summary), live as tasks change, and the last known ones, marked, when the
 * server cannot be reached. On its own production server with TEAM_SYNC=on; with sync off (the shared
 * e2e server) the dashboard is exactly as e2e/admin-dashboard.spec.ts checks.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { openDeviceAt, pushTasksAt, registerAccount, type Account } from './team-sync-helpers';

let server: AppProcess;
const accounts = {} as Record<'admin' | 'member', Account>;
const DAY_MS = 24 * 60 * 60_000;

function tile(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('region', { name, exact: true }).locator('p');
}

function figuresNote(page: Page): Locator {
  return page.getByRole('main').getByRole('status').first();
}

test.describe('the admin dashboard with team sync on', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    accounts.admin = await registerAccount(server.base, 'Tara Admin', 'tara@example.com', 'admin');
    accounts.member = await registerAccount(server.base, 'Mo Member', 'mo@example.com', 'user');
    const longAgo = new Date(Date.now() - 90 * DAY_MS).toISOString();
    // One push each, a moment apart: Pending Tasks lists them in the order the server stored them.
    for (const task of [
      { title: 'Draft the plan', progress: 0 },
      { title: 'Call the venue', progress: 50, status: 'In Progress' },
      { title: 'Order badges', progress: 90 },
      { title: 'Book flights', progress: 100, completedAt: new Date().toISOString() },
      { title: 'Old launch', progress: 100, completedAt: longAgo },
    ]) {
      await pushTasksAt(server.base, accounts.member, [task]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('tiles, Pending Tasks and Task Analytics are the server’s figures; axe finds nothing', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    await page.goto('/admin/dashboard');
    await expect(tile(page, 'Total Tasks')).toHaveText('5', { timeout: 15_000 });
    await expect(tile(page, 'Completed Tasks')).toHaveText('2');
    const pending = page.getByRole('region', { name: 'Pending Tasks' }).getByRole('listitem');
    await expect(pending).toHaveCount(3);
    await expect(pending.nth(0)).toContainText('Draft the plan');
    await expect(pending.nth(1)).toContainText('Call the venue');
    await expect(pending.nth(2)).toContainText('Order badges');
    await expect(page.getByRole('region', { name: 'Task Analytics' })).toContainText(
      'To Do: 1 task, In Progress: 1 task, Completed: 3 tasks',
    );
    await expect(figuresNote(page)).toHaveText('');
    expect(await findAxeViolations(page)).toEqual([]);
    await context.close();
  });

  test('@one-width a task stored by someone else shows in the figures without a reload', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    await page.goto('/admin/dashboard');
    await expect(tile(page, 'Total Tasks')).toHaveText('5', { timeout: 15_000 });
    await pushTasksAt(server.base, accounts.member, [{ title: 'Print menus', progress: 100 }]);
    await expect(tile(page, 'Total Tasks')).toHaveText('6', { timeout: 15_000 });
    await expect(tile(page, 'Completed Tasks')).toHaveText('3');
    await context.close();
  });

  test('@one-width offline or failing: the last known figures, marked; none known: Unavailable', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    await page.goto('/admin/dashboard');
    await expect(tile(page, 'Total Tasks')).toHaveText('6', { timeout: 15_000 });
    await page.route('**/api/sync/summary', (route) => route.abort());
    await page.reload();
    await expect(figuresNote(page)).toHaveText(
      /^Last known figures, \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}:\d{2} [ap]m\.$/,
    );
    await expect(tile(page, 'Total Tasks')).toHaveText('6');
    await expect(tile(page, 'Completed Tasks')).toHaveText('3');
    await expect(page.getByRole('region', { name: 'Pending Tasks' }).getByRole('listitem')).toHaveCount(3);

    await page.evaluate(() => localStorage.removeItem('tasklane.teamSummary'));
    await page.reload();
    await expect(tile(page, 'Total Tasks')).toHaveText('Unavailable');
    await expect(tile(page, 'Completed Tasks')).toHaveText('Unavailable');
    await expect(figuresNote(page)).toHaveText(
      'Could not reach the server. Check your connection and try again.',
    );
    await expect(page.getByRole('region', { name: 'Task Analytics' })).toContainText('Unavailable');

    await page.unroute('**/api/sync/summary');
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(figuresNote(page)).toHaveText('You are offline. The team figures need a connection.');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(tile(page, 'Total Tasks')).toHaveText('6', { timeout: 15_000 });
    await expect(figuresNote(page)).toHaveText('');
    await context.close();
  });
});
