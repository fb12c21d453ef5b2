/**
 * With team sync on: admins work too (their sidebar reaches the board and Create Tasks;
 * docs/product.md#sidebars), and the board card's assignee initials and 'Task actions' menu
 * (docs/product.md#assignees) pass axe in both themes at both widths. A production server of its own
 * (it registers the first admin).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  type Account,
  boardColumn,
  openDeviceAt,
  registerAccount,
  submitTask,
  syncStatus,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
let admin: Account;
let member: Account;

/** The admin sidebar's links, in order. */
function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link');
}

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name, exact: true });
}

test.describe('team mode: admins work too, cards with initials and a menu', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    admin = await registerAccount(server.base, 'Ada Admin', 'ada-cards@example.com', 'admin');
    member = await registerAccount(server.base, 'Max Member', 'max-cards@example.com', 'user');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('an admin’s sidebar reaches the board and Create Tasks, and stays theirs there', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 720 };
    const device = await openDeviceAt(server.base, browser, admin);
    const { page } = device;
    await page.setViewportSize(viewport);
    const narrow = viewport.width < 768;
    // Below md the sidebar's links fold behind its own 'Menu' button (the navbar has one too).
    const sidebarMenu = page
      .getByRole('complementary', { name: 'Admin Panel' })
      .getByRole('button', { name: 'Menu' });
    const openMenu = async () => {
      if (narrow) await sidebarMenu.click();
    };

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible({
      timeout: 15_000,
    });
    await openMenu();
    await expect(sidebarLinks(page)).toHaveText([
      'Dashboard',
      'Board',
      'Create Tasks',
      'Manage Users',
      'Manage Tasks',
      'Settings',
    ]);
    await sidebarLink(page, 'Create Tasks').click();
    await expect(page).toHaveURL(/\/user\/userpage$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Task Management');
    await openMenu();
    await expect(sidebarLinks(page)).toHaveText([
      'Dashboard',
      'Board',
      'Create Tasks',
      'Manage Users',
      'Manage Tasks',
      'Settings',
    ]);
    await expect(
      page.getByRole('navigation', { name: 'Admin Panel' }).locator('[aria-current="page"]'),
    ).toHaveText('Create Tasks');
    if (narrow) await sidebarMenu.click();

    // The admin creates a task for the member, then finds it on the board.
    const title = 'Admin writes a task';
    await submitTask(page, title, 'From the admin', async (form) => {
      await form.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Max Member' });
    });
    await expect(syncStatus(page)).toHaveText('Synced');
    await openMenu();
    await sidebarLink(page, 'Board').click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    const card = boardColumn(page, 'To Do').locator('li').filter({ hasText: title });
    await expect(card.getByText('Assigned to Max Member', { exact: true })).toBeVisible();
    await expect(card.getByText('MM', { exact: true })).toBeVisible();

    // Back to the admin pages from the same sidebar.
    await openMenu();
    await sidebarLink(page, 'Manage Tasks').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Tasks');
    await device.context.close();
  });

  test('a member’s sidebar is the User Panel, unchanged', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'links: one width');
    const device = await openDeviceAt(server.base, browser, member);
    await device.page.goto('/user/dashboard');
    const nav = device.page.getByRole('navigation', { name: 'User Panel' });
    await expect(nav.getByRole('link')).toHaveText(
      ['Dashboard', 'Create Tasks', 'Calendar', 'Notifications', 'Profile'],
      { timeout: 15_000 },
    );
    await device.context.close();
  });

  test('the team board’s cards, their menu open, have no axe violations, light and dark', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 720 };
    const device = await openDeviceAt(server.base, browser, member);
    const { page } = device;
    await page.setViewportSize(viewport);
    await page.goto('/user/userpage');
    const title = `Member’s own task (${testInfo.project.name})`;
    await submitTask(page, title, 'For the card menu');
    await page.goto('/user/dashboard');
    const card = boardColumn(page, 'To Do').locator('li').filter({ hasText: title });
    await expect(card.getByText('Assigned to Max Member', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await findAxeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Task actions' }).click();
    await expect(page.getByRole('menu', { name: 'Task actions' })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(card.getByRole('button', { name: 'Task actions' })).toBeFocused();
    await device.context.close();
  });
});
