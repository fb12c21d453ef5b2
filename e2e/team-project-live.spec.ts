/**
 * Project changes reach other people's open boards live (docs/product.md#project-columns, the live
 * stream's `projects` event) on the worker's production server with TEAM_SYNC=on: Bob, a member, has
 * the project's board open in two tabs; Olive, its manager, saves new columns and renames it through
 * the API; both of Bob's tabs show the new column headings and the new name without a reload (the
 * tab that holds the stream reads the list again and passes the word on to the other).
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  boardColumn,
  openDeviceAt,
  pushTasksAt,
  registerAccount,
  syncStatus,
  userIdOf,
  type Account,
  apiAs,
  columnHeadings,
} from './team-sync-helpers';

let server: AppProcess;
let olive: Account;
let bob: Account;
let projectId: string;

/** Live: well under a focus or a reload, with room for a busy machine. */
const LIVE = { timeout: 10_000 };

function api(account: Account, method: string, path: string, body: unknown): Promise<unknown> {
  return apiAs(server.base, account, method, path, body);
}

function projectsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Projects' });
}

/** Marks the page, so a reload (which forgets the mark) would show. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: string }).liveMark = 'not reloaded';
  });
}

async function stillMarked(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);
}

test.describe('@one-width project changes reach open boards live', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    olive = await registerAccount(server.base, 'Olive Live', uniqueEmail('olive-live'), 'user');
    bob = await registerAccount(server.base, 'Bob Live', uniqueEmail('bob-live'), 'user');
    const created = (await api(olive, 'POST', '/api/projects', { name: 'Field work', key: 'FLD' })) as {
      project: { id: string };
    };
    projectId = created.project.id;
    await api(olive, 'PUT', `/api/projects/${projectId}/members/${userIdOf(bob)}`, { role: 'member' });
    await pushTasksAt(server.base, olive, [{ title: 'Survey the site', progress: 50, projectId }]);
  });

  test('a manager’s new columns and new name show on a member’s open board without a reload', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, bob);
    await page.goto('/user/dashboard?project=FLD');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field work', { timeout: 15_000 });
    await expect(columnHeadings(page)).toHaveText(['To Do', 'In Progress', 'Completed']);
    await expect(boardColumn(page, 'In Progress').getByText('Survey the site')).toBeVisible({
      timeout: 15_000,
    });
    await expect(syncStatus(page)).toHaveText(/Synced/, { timeout: 15_000 });
    // A second tab of Bob's on the same board: one of the two holds the live stream.
    const second = await context.newPage();
    await second.goto('/user/dashboard?project=FLD');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Field work', { timeout: 15_000 });
    for (const tab of [page, second]) await markPage(tab);

    await api(olive, 'PUT', `/api/projects/${projectId}/columns`, {
      columns: [
        { id: 'todo', name: 'Planned', kind: 'todo' },
        { id: 'doing', name: 'On site', kind: 'doing', wipLimit: 3 },
        { name: 'Report', kind: 'doing' },
        { id: 'done', name: 'Filed', kind: 'done' },
      ],
    });
    for (const tab of [page, second]) {
      await expect(columnHeadings(tab)).toHaveText(['Planned', 'On site', 'Report', 'Filed'], LIVE);
      await expect(boardColumn(tab, 'On site').getByText('Survey the site')).toBeVisible();
      await expect(boardColumn(tab, 'On site').getByText('WIP limit 3', { exact: true })).toBeVisible();
    }

    await api(olive, 'PATCH', `/api/projects/${projectId}`, { name: 'Field operations' });
    for (const tab of [page, second]) {
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Field operations', LIVE);
      await expect(projectsNav(tab).getByRole('link', { name: /Field operations/ })).toBeVisible(LIVE);
      expect(await stillMarked(tab)).toBe('not reloaded');
    }
    await context.close();
  });
});
