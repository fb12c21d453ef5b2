import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openWith, type StoredTask } from './page-helpers';

/**
 * Notifications (/user/notifications; docs/product.md#notifications): tasks due today or tomorrow, by
 * local calendar day.
 */

function task(id: string, title: string, deadline: string): StoredTask {
  return { id, title, description: 'd', priority: 'Medium', deadline, progress: 0 };
}

async function openNotifications(page: Page, now: string, tasks?: StoredTask[]): Promise<void> {
  // Local time (no zone suffix): the browser and this process share the time zone.
  await page.clock.setFixedTime(new Date(now));
  await openWith(page, '/user/notifications', { tasks });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('📢 Notifications');
}

test(
  'lists the tasks due today and tomorrow, in stored order, and nothing else',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openNotifications(page, '2026-03-10T10:00:00', [
      task('1', 'Past', '2026-03-09'),
      task('2', 'Tomorrow task', '2026-03-11'),
      task('3', 'Later', '2026-03-12'),
      task('4', 'Today task', '2026-03-10'),
      task('5', 'No deadline', ''),
    ]);
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
      '⏳ Task "Tomorrow task" is due tomorrow!',
      '🚨 Task "Today task" is due today!',
    ]);
    await expect(page.getByText('No new notifications')).toHaveCount(0);
  },
);

test(
  "shows 'No new notifications' with no tasks, and with none due today or tomorrow",
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openNotifications(page, '2026-03-10T10:00:00');
    await expect(page.getByText('No new notifications', { exact: true })).toBeVisible();

    await openNotifications(page, '2026-03-10T10:00:00', [
      task('1', 'Past', '2026-03-09'),
      task('2', 'Later', '2026-03-12'),
    ]);
    await expect(page.getByText('No new notifications', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);
  },
);

test('tomorrow rolls over the end of a month', { tag: '@one-width' }, async ({ memberPage: page }) => {
  await openNotifications(page, '2026-03-31T23:30:00', [
    task('1', 'April first', '2026-04-01'),
    task('2', 'March thirty-first', '2026-03-31'),
    task('3', 'Not a day', '2026-03-32'),
  ]);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    '⏳ Task "April first" is due tomorrow!',
    '🚨 Task "March thirty-first" is due today!',
  ]);
});

test('tomorrow rolls over the end of a year', { tag: '@one-width' }, async ({ memberPage: page }) => {
  // A past year: the test session token expires an hour after the real now.
  await openNotifications(page, '2025-12-31T08:00:00', [task('1', 'New year', '2026-01-01')]);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    '⏳ Task "New year" is due tomorrow!',
  ]);
});
