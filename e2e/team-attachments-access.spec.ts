/**
 * Who sees a task's files (docs/product.md#files-on-tasks) follows who sees the task, live, on the
 * worker's production server with TEAM_SYNC=on: Olive manages the project Fieldwork Archive (only
 * its members see it), Bob is a member with the task's view open. A file Olive attaches shows in
 * Bob's open view without a reload and downloads for him through the files' cookie; once Olive
 * removes him in Members, his open view says the task is gone, his board no longer lists it and
 * the file's link answers 404 for him.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  apiAs,
  openDeviceAt,
  pushTasksAt,
  registerAccount,
  syncStatus,
  userIdOf,
  type Account,
} from './team-sync-helpers';

let server: AppProcess;
let olive: Account;
let bob: Account;
let uid: string;

const PROJECT = { name: 'Fieldwork Archive', key: 'FAC' };
const TITLE = 'Scan the field notebooks';
/** Live: well under a focus or a reload, with room for a busy machine. */
const LIVE = { timeout: 15_000 };

function filesOf(page: Page): Locator {
  return page.getByRole('dialog', { name: TITLE }).getByRole('region', { name: 'Files' });
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

test.describe('@one-width files follow who may see the task', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    olive = await registerAccount(server.base, 'Olive Access', uniqueEmail('olive-access'), 'user');
    bob = await registerAccount(server.base, 'Bob Access', uniqueEmail('bob-access'), 'user');
    const created = (await apiAs(server.base, olive, 'POST', '/api/projects', PROJECT)) as {
      project: { id: string };
    };
    const projectId = created.project.id;
    await apiAs(server.base, olive, 'PUT', `/api/projects/${projectId}/members/${userIdOf(bob)}`, {
      role: 'member',
    });
    uid = (await pushTasksAt(server.base, olive, [{ title: TITLE, projectId }])).uids[0]!;
  });

  test('a second person sees the file live and loses it when removed from the project', async ({
    browser,
  }) => {
    const bobDevice = await openDeviceAt(server.base, browser, bob);
    const oliveDevice = await openDeviceAt(server.base, browser, olive);

    // Bob has the task's view open all along: what he gains and loses arrives over the live stream.
    await bobDevice.page.goto(`/user/dashboard?task=${uid}`);
    const bobFiles = filesOf(bobDevice.page);
    await expect(
      bobFiles.getByText('No files yet. Attach files here or drop them on this section.'),
    ).toBeVisible(LIVE);
    await expect(syncStatus(bobDevice.page)).toHaveText(/Synced/, LIVE);
    await markPage(bobDevice.page);

    // Olive attaches a file in her own view of the task.
    await oliveDevice.page.goto(`/user/dashboard?task=${uid}`);
    const oliveFiles = filesOf(oliveDevice.page);
    await expect(oliveFiles.getByRole('button', { name: 'Attach files' })).toBeVisible(LIVE);
    const body = Buffer.from('Notebooks 1 to 12, scanned at 600 dpi.\n');
    await oliveFiles
      .getByLabel('Attach files')
      .setInputFiles({ name: 'notebooks.txt', mimeType: 'text/plain', buffer: body });
    await expect(oliveFiles.getByRole('link', { name: 'notebooks.txt', exact: true })).toBeVisible();

    // It shows in Bob's open view without a reload, and its link downloads for him.
    const bobLink = bobFiles.getByRole('link', { name: 'notebooks.txt', exact: true });
    await expect(bobLink).toBeVisible(LIVE);
    expect(await stillMarked(bobDevice.page)).toBe('not reloaded');
    const href = await bobLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/files\//);
    // page.request shares the context's cookies: the files' cookie carries Bob's session, as a click does.
    const allowed = await bobDevice.page.request.get(href!);
    expect(allowed.status()).toBe(200);
    expect(await allowed.body()).toEqual(body);

    // Olive removes Bob from the project in Members.
    await oliveDevice.page.goto(`/user/dashboard?project=${PROJECT.key}`);
    await expect(oliveDevice.page.getByRole('heading', { level: 1 })).toHaveText(PROJECT.name, LIVE);
    await oliveDevice.page.getByRole('button', { name: 'Members' }).click();
    const members = oliveDevice.page.getByRole('dialog', { name: `Members of ${PROJECT.name}` });
    await members.getByRole('button', { name: 'Remove Bob Access' }).click();
    await expect(members.getByText('Bob Access no longer has a role of their own here.')).toBeVisible();
    await members.getByRole('button', { name: 'Close' }).click();

    // Bob's open view says the task is gone, with its files; his board no longer lists it.
    await expect(
      bobDevice.page.getByText(
        'This task has just left this device: it was deleted, or you can no longer see it.',
      ),
    ).toBeVisible(LIVE);
    await expect(bobDevice.page.getByRole('link', { name: 'notebooks.txt' })).toHaveCount(0);
    expect(await stillMarked(bobDevice.page)).toBe('not reloaded');
    await bobDevice.page.keyboard.press('Escape');
    await expect(bobDevice.page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(bobDevice.page.getByText(TITLE)).toHaveCount(0, LIVE);

    // The file's link no longer answers for him: 404, as for a file that does not exist.
    const refused = await bobDevice.page.request.get(href!);
    expect(refused.status()).toBe(404);
    expect((await bobDevice.page.request.head(href!)).status()).toBe(404);
    // Olive still downloads it.
    expect((await oliveDevice.page.request.get(href!)).status()).toBe(200);

    await oliveDevice.context.close();
    await bobDevice.context.close();
  });
});
