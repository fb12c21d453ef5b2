/**
 * Sync that never cries wolf (issue 33 §1, docs/product.md#replaced-values and #the-inbox), on the
 * worker's TEAM_SYNC=on server: one person alone on a task, stepping Progress with the keyboard and
 * ticking a checklist that drives it, gets no "replaced values" marker and no History line about
 * one; two people editing one description, one of them offline, still get the marker, and the one
 * whose description was replaced is told in the inbox, whose entry opens the task at its replaced
 * values.
 */
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import {
  addTask,
  createTaskFor,
  openDeviceAt,
  registerAccount,
  storedTask,
  syncStatus,
} from './team-sync-helpers';

// Two browser contexts sync with one server at once: waits get room on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

function view(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close task' }) });
}

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Inbox/ });
}

/** Any "Review N replaced value(s)" marker of the task, on the page or in its view. */
function markers(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^Review \\d+ replaced values? of “${title}”$`) });
}

async function openView(page: Page, title: string): Promise<Locator> {
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click();
  const dialog = view(page);
  await expect(dialog.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  return dialog;
}

async function conflictsOf(base: string, token: string): Promise<unknown[]> {
  const response = await fetch(`${base}/api/sync/conflicts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { conflicts: unknown[] }).conflicts;
}

test.describe('@one-width sync never cries wolf', () => {
  test('alone on a task: ten ArrowRights on Progress and a checklist driving it leave no replaced values', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(180_000);
    const base = teamServer.base;
    const solo = await registerAccount(base, 'Sol Alone', 'sol-self-conflicts@example.com', 'user');
    const device = await openDeviceAt(base, browser, solo);
    const { page } = device;
    const title = 'Paint the fence';
    await addTask(page, title, 'Alone');
    await expect(syncStatus(page)).toHaveText('Synced');
    // From the Create Tasks card (addTask leaves the page there), as a person would.
    const dialog = await openView(page, title);

    const slider = dialog.getByRole('slider', { name: 'Progress' });
    await slider.focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect(syncStatus(page)).toHaveText('Synced');
    await expect.poll(async () => (await storedTask(page, title)).progress).toBe(10);

    const checklist = dialog.getByRole('region', { name: 'Checklist' });
    const add = checklist.getByRole('textbox', { name: 'Add an item', exact: true });
    for (const item of ['Sand', 'Prime', 'Paint']) {
      await add.fill(item);
      await add.press('Enter');
    }
    await checklist.getByRole('checkbox', { name: 'Progress follows the checklist', exact: true }).check();
    await checklist.getByRole('checkbox', { name: 'Sand', exact: true }).check();
    await checklist.getByRole('checkbox', { name: 'Prime', exact: true }).check();
    await expect(syncStatus(page)).toHaveText('Synced');
    await expect.poll(async () => (await storedTask(page, title)).progress).toBe(67);

    // Nothing on the server, no marker in the view or on the board, no History line of one.
    await expect.poll(() => conflictsOf(base, solo.token)).toEqual([]);
    const history = dialog.getByRole('region', { name: 'History' });
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByRole('listitem').first()).toBeVisible();
    await expect(history.getByText(/was replaced/)).toHaveCount(0);
    await expect(markers(page, title)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(syncStatus(page)).toHaveText('Synced');
    await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(markers(page, title)).toHaveCount(0);
    await page.goto('/user/dashboard');
    await expect(page.getByRole('main').getByText(title, { exact: true })).toBeVisible();
    await expect(markers(page, title)).toHaveCount(0);
    await device.context.close();
  });

  test('two people: Bob’s description replaces Alice’s offline one; both see the marker, Alice is told and the entry opens the replaced values', async ({
    browser,
    teamServer,
  }, testInfo) => {
    test.setTimeout(240_000);
    const base = teamServer.base;
    const alice = await registerAccount(base, 'Alice Loser', 'alice-loser@example.com', 'user');
    const bob = await registerAccount(base, 'Bob Winner', 'bob-winner@example.com', 'user');
    const title = 'Write the brochure';
    const aliceDevice = await openDeviceAt(base, browser, alice);
    const alicePage = aliceDevice.page;
    // Alice's task, assigned to Bob: both may edit it.
    const uid = await createTaskFor(alicePage, title, 'Bob Winner');
    await alicePage.goto(`/user/dashboard?task=${uid}`);
    const aliceView = view(alicePage);
    await expect(aliceView.getByLabel('Description')).toHaveValue('Venue and dates', { timeout: 60_000 });

    const bobDevice = await openDeviceAt(base, browser, bob);
    const bobPage = bobDevice.page;
    await bobPage.goto(`/user/dashboard?task=${uid}`);
    const bobView = view(bobPage);
    // His browser's first sync brings the task (slow on a loaded machine).
    await expect(bobView.getByLabel('Description')).toHaveValue('Venue and dates', { timeout: 60_000 });

    // Alice edits offline first; Bob, online, after her: his later change wins.
    await aliceDevice.context.setOffline(true);
    await aliceView.getByLabel('Description').fill('Alice’s words');
    await aliceView.getByLabel('Description').blur();
    await expect(syncStatus(alicePage)).toHaveText('Offline, 1 change waiting');
    await bobView.getByLabel('Description').fill('Bob’s words');
    await bobView.getByLabel('Description').blur();
    await expect(syncStatus(bobPage)).toHaveText('Synced');
    await aliceDevice.context.setOffline(false);
    await expect(syncStatus(alicePage)).toHaveText('Synced');
    await expect(aliceView.getByLabel('Description')).toHaveValue('Bob’s words');

    // The replaced value is still marked, for both of them.
    const marker = (page: Page) =>
      page.getByRole('button', { name: `Review 1 replaced value of “${title}”`, exact: true }).first();
    await expect(marker(alicePage)).toBeVisible();
    await expect(marker(bobPage)).toBeVisible();
    await bobPage.keyboard.press('Escape');

    // Alice's bell tells her whose change replaced what; Bob's tells him nothing of it.
    await alicePage.keyboard.press('Escape');
    await expect(bell(alicePage)).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });
    const sentence = `Bob Winner's change replaced your description of "${title}"`;
    await bell(alicePage).click();
    const panel = alicePage.getByRole('dialog', { name: 'Inbox' });
    await expect(panel.getByRole('listitem')).toHaveText([new RegExp(`^Unread: ${sentence}`)]);
    for (const theme of ['light', 'dark'] as const) {
      await alicePage.evaluate((dark) => {
        if (dark) document.documentElement.dataset.theme = 'dark';
        else delete document.documentElement.dataset.theme;
      }, theme === 'dark');
      for (const width of [1280, 360]) {
        await alicePage.setViewportSize({ width, height: 800 });
        await expect(panel.getByRole('listitem')).toHaveCount(1);
        await alicePage.screenshot({ path: testInfo.outputPath(`replaced-inbox-${theme}-${width}.png`) });
        expect(await findAxeViolations(alicePage), `axe ${theme} ${width} px`).toEqual([]);
      }
    }
    await alicePage.evaluate(() => delete document.documentElement.dataset.theme);
    await alicePage.setViewportSize({ width: 1280, height: 800 });
    // Bob, whose change won, is told nothing of it (his one entry: the assignment).
    const bobInbox = await fetch(`${base}/api/sync/inbox`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(
      ((await bobInbox.json()) as { items: { kind: string }[] }).items.map((entry) => entry.kind),
    ).toEqual(['assigned']);

    // The entry opens the task with its replaced values under review.
    await panel.getByRole('button', { name: new RegExp(`^Unread: ${sentence}`) }).click();
    const review = alicePage.getByRole('dialog', { name: 'Replaced values' });
    await expect(review).toBeVisible();
    await expect(view(alicePage).getByRole('heading', { name: title, level: 2 })).toBeAttached();
    const item = review.getByRole('listitem');
    await expect(item.getByRole('heading', { name: 'Description' })).toBeVisible();
    await expect(item.getByRole('definition')).toHaveText(['Alice’s words', 'Bob’s words']);
    await expect(item).toContainText('By Alice Loser');
    await alicePage.screenshot({ path: testInfo.outputPath('replaced-review.png') });
    expect(await findAxeViolations(alicePage)).toEqual([]);
    await expect(bell(alicePage)).toHaveAccessibleName('Inbox');

    // Closed, the view stays on the task with its marker; opened again later, no review pops up.
    await review.getByRole('button', { name: 'Close' }).click();
    await expect(review).toHaveCount(0);
    await expect(marker(alicePage)).toBeVisible();

    // The email digest's link to that entry (`?task={uid}&review=replaced`) opens the review too, once:
    // the parameter goes from the address, so a reload shows the view as usual.
    await alicePage.goto(`/user/dashboard?task=${uid}&review=replaced`);
    await expect(review).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => new URL(alicePage.url()).searchParams.get('review')).toBeNull();
    await review.getByRole('button', { name: 'Close' }).click();
    await alicePage.reload();
    await expect(view(alicePage).getByRole('heading', { name: title, level: 2 })).toBeVisible({
      timeout: 15_000,
    });
    await expect(review).toHaveCount(0);
    await aliceDevice.context.close();
    await bobDevice.context.close();
  });
});
