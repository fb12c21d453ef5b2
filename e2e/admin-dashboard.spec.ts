import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  USERS_API as USERS,
  findAxeViolations,
  openWith,
  stubUsers,
  type ListedUser,
  type StoredTask,
} from './page-helpers';

/**
 * The admin dashboard (/admin/dashboard; docs/product.md#admin-dashboard): tiles, 'Recent Users',
 * 'Pending Tasks', 'Task Analytics'.
 */

/** Seven users in no particular order; the newest five, newest first, are Gia, Fay, Eve, Dan, Cal. */
const LISTED_USERS: ListedUser[] = [
  { fullName: 'Cal Third', email: 'cal@example.com', role: 'user', createdAt: '2026-01-03T08:00:00.000Z' },
  { fullName: 'Ann First', email: 'ann@example.com', role: 'admin', createdAt: '2026-01-01T08:00:00.000Z' },
  // 19:00 UTC on 14 March is 00:30 on 15 March in Kolkata, and still 14 March in Los Angeles.
  { fullName: 'Gia Newest', email: 'gia@example.com', role: 'user', createdAt: '2026-03-14T19:00:00.000Z' },
  { fullName: 'Dan Fourth', email: 'dan@example.com', role: 'user', createdAt: '2026-01-04T08:00:00.000Z' },
  { fullName: 'Bob Second', email: 'bob@example.com', role: 'user', createdAt: '2026-01-02T08:00:00.000Z' },
  { fullName: 'Fay Sixth', email: 'fay@example.com', role: 'user', createdAt: '2026-02-01T08:00:00.000Z' },
  { fullName: 'Eve Fifth', email: 'eve@example.com', role: 'user', createdAt: '2026-01-05T08:00:00.000Z' },
];

const TASKS: StoredTask[] = [
  {
    id: '1',
    title: 'Write report',
    priority: 'High',
    deadline: '2099-01-01',
    progress: 100,
    assignedTo: 'A',
  },
  { id: '2', title: 'Review budget', priority: 'Low', deadline: '2099-01-02', progress: 90, assignedTo: 'A' },
  {
    id: '3',
    title: 'Plan offsite',
    priority: 'Medium',
    deadline: '2099-01-03',
    progress: 10,
    assignedTo: 'A',
  },
];

function tile(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('region', { name, exact: true });
}

function recentUsers(page: Page): Locator {
  return page.getByRole('table', { name: 'Recent Users' });
}

test.describe('in a browser on Los Angeles time', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('@one-width tiles count users and stored tasks; Recent Users are the newest five, dated in Kolkata', async ({
    adminPage: page,
  }) => {
    await stubUsers(page, LISTED_USERS);
    await openWith(page, '/admin/dashboard', { json: { tasks: TASKS } });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
    await expect(tile(page, 'Total Users')).toContainText('7');
    await expect(tile(page, 'Total Tasks')).toContainText('3');
    // Exactly 100 counts as completed; 90 does not (unlike the board's Completed column).
    await expect(tile(page, 'Completed Tasks')).toContainText('1');

    const table = recentUsers(page);
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Date']);
    const rows = table.locator('tbody tr');
    await expect(rows.locator('td:first-child')).toHaveText([
      'Gia Newest',
      'Fay Sixth',
      'Eve Fifth',
      'Dan Fourth',
      'Cal Third',
    ]);
    await expect(rows.first()).toContainText('gia@example.com');
    await expect(rows.first().locator('td').nth(2)).toHaveText('15/3/2026');
    await expect(rows.nth(1).locator('td').nth(2)).toHaveText('1/2/2026');
  });
});

test('@one-width Total Users is the length of the list the server sent', async ({ adminPage: page }) => {
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === USERS);
  await openWith(page, '/admin/dashboard');
  const users = (await (await listed).json()) as unknown[];
  expect(users.length).toBeGreaterThan(0);
  await expect(tile(page, 'Total Users')).toContainText(String(users.length));
  await expect(recentUsers(page).locator('tbody tr')).toHaveCount(Math.min(5, users.length));
});

test('@one-width Pending Tasks lists progress below 100, or says there are none', async ({
  adminPage: page,
}) => {
  await stubUsers(page, LISTED_USERS);
  await openWith(page, '/admin/dashboard', { json: { tasks: TASKS } });
  const pending = page.getByRole('region', { name: 'Pending Tasks' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending.getByRole('listitem').first()).toContainText('Review budget');
  await expect(pending.getByRole('listitem').nth(1)).toContainText('Plan offsite');
  await expect(pending).not.toContainText('Write report');

  await page.evaluate((tasks) => localStorage.setItem('tasks', JSON.stringify(tasks)), [TASKS[0]]);
  await page.reload();
  await expect(pending.getByText('No pending tasks', { exact: true })).toBeVisible();
  await expect(tile(page, 'Total Tasks')).toContainText('1');
  await expect(tile(page, 'Completed Tasks')).toContainText('1');
});

test(
  "Pending Tasks shows each task's status as a badge, 'Pending' when it has none",
  { tag: '@one-width' },
  async ({ adminPage: page }) => {
    const tasks: StoredTask[] = [
      { id: 's1', title: 'No status yet', deadline: '2099-02-01', progress: 0 },
      { id: 's2', title: 'Being built', deadline: '2099-02-02', progress: 50, status: 'In Progress' },
      { id: 's3', title: 'Waiting on vendor', deadline: '2099-02-03', progress: 20, status: 'Blocked' },
      { id: 's4', title: 'Blank status', deadline: '2099-02-04', progress: 5, status: '  ' },
      { id: 's5', title: 'Finished', deadline: '2099-02-05', progress: 100, status: 'Completed' },
    ];
    await stubUsers(page, LISTED_USERS);
    await openWith(page, '/admin/dashboard', { json: { tasks } });
    const items = page.getByRole('region', { name: 'Pending Tasks' }).getByRole('listitem');
    await expect(items).toHaveCount(4);
    // Colours: Pending red, In Progress yellow, anything else grey; the status is always in words too.
    const badges = [
      ['No status yet', 'Pending', 'red', '2099-02-01'],
      ['Being built', 'In Progress', 'yellow', '2099-02-02'],
      ['Waiting on vendor', 'Blocked', 'grey', '2099-02-03'],
      ['Blank status', 'Pending', 'red', '2099-02-04'],
    ] as const;
    for (const [title, status, tone, deadline] of badges) {
      const item = items.filter({ hasText: title });
      const badge = item.locator('[data-tone]');
      // The badge holds exactly the status (QA tools select it so); `Status:` is read out beside it.
      await expect(badge).toHaveText(status);
      await expect(item.getByText(status, { exact: true })).toHaveAttribute('data-tone', tone);
      await expect(item).toContainText(`Status: ${status}`);
      await expect(badge).toHaveAttribute('data-tone', tone);
      await expect(badge).toBeVisible();
      await expect(item).toContainText(`Deadline: ${deadline}`);
    }
    const colours = await items
      .locator('[data-tone]')
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor));
    expect(new Set(colours).size).toBe(3);
    await expect(recentUsers(page).locator('tbody tr')).toHaveCount(5);
    expect(await findAxeViolations(page)).toEqual([]);
  },
);

test('@one-width Task Analytics counts the stored tasks per board column', async ({ adminPage: page }) => {
  await stubUsers(page, LISTED_USERS);
  await openWith(page, '/admin/dashboard', { json: { tasks: TASKS } });
  const analytics = page.getByRole('region', { name: 'Task Analytics' });
  await analytics.scrollIntoViewIfNeeded();
  await expect(analytics).toContainText('To Do: 1 task, In Progress: 0 tasks, Completed: 2 tasks');
  await expect(analytics.locator('.recharts-surface')).toBeVisible();
});

test('@one-width a failed user list shows an error with Retry, and Retry loads it', async ({
  adminPage: page,
  consoleErrors,
}) => {
  let calls = 0;
  await page.route(
    (url) => url.pathname === USERS,
    (route) => {
      calls++;
      if (calls === 1) return route.abort('internetdisconnected');
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(LISTED_USERS),
      });
    },
  );
  consoleErrors.allow('Failed to fetch users');
  await openWith(page, '/admin/dashboard');

  const alert = page.getByRole('region', { name: 'Recent Users' }).getByRole('alert');
  await expect(alert).toContainText('Could not load users.');
  await expect(tile(page, 'Total Users')).toContainText('Unavailable');
  expect(consoleErrors.messages.some((text) => text.includes('Failed to fetch users'))).toBe(true);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(tile(page, 'Total Users')).toContainText('7');
  await expect(recentUsers(page).locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load users.' })).toHaveCount(0);
  expect(calls).toBe(2);
});

test('has no axe violations with data shown, and no page-wide horizontal scroll', async ({
  adminPage: page,
}) => {
  await stubUsers(page, LISTED_USERS);
  await openWith(page, '/admin/dashboard', { json: { tasks: TASKS } });
  await expect(recentUsers(page).locator('tbody tr')).toHaveCount(5);
  await page.getByRole('region', { name: 'Task Analytics' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-surface')).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
