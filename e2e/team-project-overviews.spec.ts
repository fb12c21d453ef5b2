/**
 * The overviews narrowed to one project (docs/product.md#projects) on the worker's production
 * server with TEAM_SYNC=on: Notifications, the calendar, the Create Tasks grid, the admin's Manage
 * Tasks and the admin dashboard offer `Filter by project` once there is more than General, keep the choice in the address (`?in=KEY`),
 * and the `n` quick add over a project's board puts the task in that project.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dateKey, findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  assignTo,
  boardColumn,
  openDeviceAt,
  pushTasksAt,
  registerAccount,
  syncStatus,
  type Account,
} from './team-sync-helpers';

let server: AppProcess;
let dana: Account;
let admin: Account;

const TODAY = dateKey(new Date());
const TOMORROW = dateKey(new Date(Date.now() + 24 * 60 * 60 * 1000));

function projectSelect(page: Page) {
  return page.getByRole('combobox', { name: 'Filter by project', exact: true });
}

test.describe('overviews by project', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  // A server of its own: it signs up an admin, which the worker's shared server may take once only.
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    dana = await registerAccount(server.base, 'Dana Overviews', uniqueEmail('dana-overviews'), 'user');
    admin = await registerAccount(server.base, 'Ada Overviews', uniqueEmail('ada-overviews'), 'admin');
    const response = await fetch(`${server.base}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${dana.token}` },
      body: JSON.stringify({ name: 'Website', key: 'WEB' }),
    });
    expect(response.status).toBe(201);
    const { project } = (await response.json()) as { project: { id: string } };
    const mine = assignTo(dana);
    await pushTasksAt(server.base, dana, [
      { title: 'Water the plants', deadline: TODAY, progress: 0, ...mine },
      { title: 'Fix the footer', deadline: TODAY, progress: 0, projectId: project.id, ...mine },
      { title: 'Renew the domain', deadline: TOMORROW, progress: 0, projectId: project.id, ...mine },
    ]);
  });

  test.afterAll(async () => {
    await server.stop();
  });

  test('Notifications, the calendar and the Create Tasks grid show one project’s tasks when chosen', async ({
    browser,
  }) => {
    const { page, context } = await openDeviceAt(server.base, browser, dana);
    await page.goto('/user/notifications');
    await expect(page.getByText(/Water the plants/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Fix the footer/)).toBeVisible();
    await expect(projectSelect(page).locator('option')).toHaveText([
      'All projects',
      'General (GEN)',
      'Website (WEB)',
    ]);
    await projectSelect(page).selectOption({ label: 'Website (WEB)' });
    await expect(page.getByText(/Water the plants/)).toHaveCount(0);
    await expect(page.getByText(/Fix the footer/)).toBeVisible();
    await expect(page.getByText(/Renew the domain/)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/notifications\?in=WEB$/);
    await page.reload();
    await expect(projectSelect(page)).toHaveValue('WEB', { timeout: 15_000 });
    await expect(page.getByText(/Water the plants/)).toHaveCount(0);
    expect(await findAxeViolations(page)).toEqual([]);

    await page.goto('/user/calendar?in=GEN');
    await expect(page.getByText('Water the plants').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Fix the footer')).toHaveCount(0);
    await projectSelect(page).selectOption({ label: 'All projects' });
    await expect(page.getByText('Fix the footer').first()).toBeVisible();
    await expect(page).toHaveURL(/\/user\/calendar$/);

    await page.goto('/user/userpage');
    const grid = page.getByRole('main');
    await expect(grid.getByRole('article', { name: 'Water the plants' })).toBeVisible({ timeout: 15_000 });
    await projectSelect(page).selectOption({ label: 'Website (WEB)' });
    await expect(grid.getByRole('article', { name: 'Water the plants' })).toHaveCount(0);
    await expect(grid.getByRole('article', { name: 'Fix the footer' })).toBeVisible();
    await context.close();
  });

  test('the n quick add over a project’s board puts the task in that project', async ({ browser }) => {
    const { page, context } = await openDeviceAt(server.base, browser, dana);
    await page.goto('/user/dashboard?project=WEB');
    await expect(boardColumn(page, 'To Do').getByText('Fix the footer')).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'Create a New Task' });
    await expect(dialog.getByLabel('Project')).toHaveValue(/.+/);
    await expect(dialog.getByLabel('Project').locator('option:checked')).toHaveText('Website (WEB)');
    await dialog.getByLabel('Title').fill('Compress the images');
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expect(dialog).toBeHidden();
    await expect(boardColumn(page, 'To Do').getByText('Compress the images')).toBeVisible();
    await expect(syncStatus(page)).toHaveText(/Synced/, { timeout: 15_000 });
    await context.close();
  });

  test('Manage Tasks shows one project’s tasks when chosen', async ({ browser }) => {
    const { page, context } = await openDeviceAt(server.base, browser, admin);
    await page.goto('/admin/manage-tasks');
    await expect(page.getByRole('rowheader', { name: /Water the plants/ })).toBeVisible({ timeout: 15_000 });
    await projectSelect(page).selectOption({ label: 'Website (WEB)' });
    await expect(page.getByRole('rowheader', { name: /Water the plants/ })).toHaveCount(0);
    await expect(page.getByRole('rowheader', { name: /Fix the footer/ })).toBeVisible();
    await context.close();
  });

  test('the admin dashboard counts one project’s tasks when chosen, and a reload keeps the choice', async ({
    browser,
  }) => {
    const { page, context } = await openDeviceAt(server.base, browser, admin);
    await page.goto('/admin/dashboard');
    const total = page.getByRole('region', { name: 'Total Tasks' });
    const pending = page.getByRole('region', { name: 'Pending Tasks' });
    // Every project: Water the plants (General) and the three of Website.
    await expect(total).toContainText('4', { timeout: 15_000 });
    await expect(pending.getByText('Water the plants')).toBeVisible();
    await projectSelect(page).selectOption({ label: 'Website (WEB)' });
    await expect(page).toHaveURL(/\/admin\/dashboard\?in=WEB$/);
    await expect(total).toContainText('3');
    await expect(pending.getByText('Water the plants')).toHaveCount(0);
    await expect(pending.getByText('Fix the footer')).toBeVisible();
    await page.reload();
    await expect(projectSelect(page)).toHaveValue('WEB', { timeout: 15_000 });
    await expect(total).toContainText('3', { timeout: 15_000 });
    await projectSelect(page).selectOption({ label: 'All projects' });
    await expect(total).toContainText('4');
    await context.close();
  });
});
