/**
 * The inbox with team sync on (docs/product.md#the-inbox): two members in two browsers; what one does
 * reaches the other's bell live (assigned, mentioned, commented, completed); an entry opens its task;
 * marking read (one, all) moves every tab's count; the Notifications page's Inbox section pages
 * back; failures and offline are said; desktop notifications through the Reminders switch, once
 * across tabs; axe in both themes. Runs on the worker's TEAM_SYNC=on server (`teamServer`).
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, recordedNotifications, recordNotifications } from './page-helpers';
import {
  createTaskFor,
  drag,
  openDeviceAt,
  syncStatus,
  registerAccount,
  type Account,
  type Device,
  userIdOf,
} from './team-sync-helpers';

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Inbox/ });
}

function inboxPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Inbox' });
}

/**
 * Two members of their own on the worker's server: `Ana {surname}` and `Ben {surname}` (each test
 * its own surname: the server is shared, and the assignee picker names people by name).
 */
async function twoMembers(base: string, surname: string): Promise<{ ana: Account; ben: Account }> {
  const tag = surname.toLowerCase();
  return {
    ana: await registerAccount(base, `Ana ${surname}`, `ana-inbox-${tag}@example.com`, 'user'),
    ben: await registerAccount(base, `Ben ${surname}`, `ben-inbox-${tag}@example.com`, 'user'),
  };
}

async function apiComment(
  base: string,
  author: Account,
  task: string,
  body: string,
  mentions: string[] = [],
) {
  const response = await fetch(`${base}/api/sync/comments/${crypto.randomUUID()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ task, body, mentions }),
  });
  expect(response.status).toBe(201);
}

async function apiJson(base: string, account: Account, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown;
}

/** The kinds of `account`'s inbox entries, newest first, as the server lists them. */
async function inboxKinds(base: string, account: Account): Promise<string[]> {
  const response = await fetch(`${base}/api/sync/inbox`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { items: { kind: string }[] }).items.map((item) => item.kind);
}

async function open(browser: Browser, base: string, account: Account, path: string): Promise<Device> {
  const device = await openDeviceAt(base, browser, account);
  await device.page.goto(path);
  return device;
}

test.describe('the inbox', () => {
  test('@one-width a mention reaches the other browser live; the entry opens the task; read moves every tab', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(240_000);
    const base = teamServer.base;
    const { ana, ben } = await twoMembers(base, 'Live');
    const anaDevice = await openDeviceAt(base, browser, ana);
    const benDevice = await open(browser, base, ben, '/user/dashboard');
    const benPage = benDevice.page;
    await expect(bell(benPage)).toHaveAccessibleName('Inbox', { timeout: 30_000 });

    // Assigned: Ben's bell counts it without a reload, and says so politely.
    const uid = await createTaskFor(anaDevice.page, 'Book the venue', 'Ben Live');
    await expect(bell(benPage)).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });
    await expect(benPage.getByRole('banner').getByTestId('inbox-badge')).toHaveText('1');
    await expect(
      benPage.getByRole('banner').getByText('1 unread notification', { exact: true }),
    ).toBeAttached();

    // Mentioned, through the comment box with @.
    const anaPage = anaDevice.page;
    await anaPage.goto(`/user/dashboard?task=${uid}`);
    const box = anaPage.getByRole('dialog').getByRole('textbox', { name: 'Write a comment' });
    await box.pressSequentially('@Be');
    await anaPage
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: 'Ben Live' })
      .click();
    await box.pressSequentially('can you call them?');
    await box.press('Enter');
    await expect(bell(benPage)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });
    await expect(
      benPage.getByRole('banner').getByText('2 unread notifications', { exact: true }),
    ).toBeAttached();

    // A second tab of Ben's, to see marks travel between tabs.
    const benTab = await benDevice.context.newPage();
    await benTab.goto('/user/calendar');
    await expect(bell(benTab)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });

    await bell(benPage).click();
    const panel = inboxPanel(benPage);
    await expect(panel.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    const entries = panel.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0).getByRole('button').first()).toContainText(
      'Unread: Ana Live mentioned you on "Book the venue"',
    );
    await expect(entries.nth(1).getByRole('button').first()).toContainText(
      'Unread: Ana Live assigned "Book the venue" to you',
    );
    await expect(panel.getByRole('link', { name: 'Open Notifications' })).toHaveAttribute(
      'href',
      '/user/notifications',
    );

    // The entry opens its task on this page and is read: both tabs count one.
    await entries
      .nth(0)
      .getByRole('button', { name: /^Unread: Ana Live mentioned you/ })
      .click();
    await expect(panel).toHaveCount(0);
    await expect(benPage).toHaveURL(new RegExp(`task=${uid}`));
    await expect(benPage.getByRole('dialog').getByRole('heading', { name: 'Book the venue' })).toBeVisible();
    await expect(bell(benPage)).toHaveAccessibleName('Inbox, 1 unread');
    await expect(bell(benTab)).toHaveAccessibleName('Inbox, 1 unread');
    await benPage.keyboard.press('Escape');

    // The tick marks one read without opening it; Escape closes the panel onto the bell.
    await bell(benPage).click();
    await inboxPanel(benPage)
      .getByRole('button', { name: 'Mark as read: Ana Live assigned "Book the venue" to you' })
      .click();
    await expect(bell(benPage)).toHaveAccessibleName('Inbox');
    await expect(benPage.getByRole('banner').getByTestId('inbox-badge')).toHaveCount(0);
    await expect(
      benPage.getByRole('banner').getByText('No unread notifications', { exact: true }),
    ).toBeAttached();
    await expect(inboxPanel(benPage).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await benPage.keyboard.press('Escape');
    await expect(inboxPanel(benPage)).toHaveCount(0);
    await expect(bell(benPage)).toBeFocused();
    await expect(bell(benTab)).toHaveAccessibleName('Inbox');

    // Ben comments, then completes the task on another device: Ana (its owner) is told both, and
    // marks all read.
    await apiComment(base, ben, uid, 'Called them, booked.');
    await benDevice.context.close();
    const benPhone = await open(browser, base, ben, '/user/dashboard');
    // A drag into Completed completes nothing (docs/product.md#task-completion): nobody is told.
    await drag(benPhone.page, 'Book the venue', 'To Do', 'Completed');
    await expect(syncStatus(benPhone.page)).toHaveText('Synced', { timeout: 30_000 });
    expect(await inboxKinds(base, ana)).toEqual(['commented']);
    await benPhone.page.goto(`/user/dashboard?task=${uid}`);
    await benPhone.page.getByRole('dialog').getByRole('slider', { name: 'Progress' }).fill('100');
    await expect.poll(() => inboxKinds(base, ana), { timeout: 30_000 }).toEqual(['completed', 'commented']);
    await anaPage.goto('/user/dashboard');
    await expect(bell(anaPage)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });
    await bell(anaPage).click();
    await expect(inboxPanel(anaPage).getByRole('listitem')).toHaveText([
      /^Unread: Ben Live completed "Book the venue"/,
      /^Unread: Ben Live commented on "Book the venue"/,
    ]);
    await inboxPanel(anaPage).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(anaPage)).toHaveAccessibleName('Inbox');
    await expect(inboxPanel(anaPage).getByText('Unread:')).toHaveCount(0);
    // A click outside closes it.
    await anaPage.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(inboxPanel(anaPage)).toHaveCount(0);

    await anaDevice.context.close();
    await benPhone.context.close();
  });

  test('@one-width editing a comment: @ adds a mention (told once), one kept while its @name stays, one taken out dropped', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(180_000);
    const base = teamServer.base;
    const { ana, ben } = await twoMembers(base, 'Editor');
    const anaDevice = await openDeviceAt(base, browser, ana);
    const uid = await createTaskFor(anaDevice.page, 'Fix the projector', 'Ben Editor');
    await apiComment(base, ana, uid, 'The projector flickers.');
    // Ben has read what he was told so far (assigned, commented): his bell counts only the edit.
    await apiJson(base, ben, 'POST', '/api/sync/inbox/read', { all: true });
    const benPage = (await open(browser, base, ben, '/user/dashboard')).page;
    await expect(bell(benPage)).toHaveAccessibleName('Inbox', { timeout: 30_000 });

    const anaPage = anaDevice.page;
    await anaPage.goto(`/user/dashboard?task=${uid}`);
    const view = anaPage.getByRole('dialog');
    const item = view.getByRole('region', { name: 'Comments' }).getByRole('listitem');
    await expect(item).toHaveText(/The projector flickers\./, { timeout: 15_000 });
    const people = view.getByRole('listbox', { name: 'People to mention' });
    const box = item.getByRole('textbox', { name: 'Edit comment' });
    await item.getByRole('button', { name: 'Edit' }).click();
    await box.press('ControlOrMeta+End');
    await box.pressSequentially(' @Be');
    await expect(people.getByRole('option', { name: 'Ben Editor' })).toBeVisible();
    expect(await findAxeViolations(anaPage)).toEqual([]);
    // Escape closes the list, not the edit; typing on opens it again.
    await box.press('Escape');
    await expect(people).toHaveCount(0);
    await box.pressSequentially('n');
    await people.getByRole('option', { name: 'Ben Editor' }).click();
    await expect(box).toHaveValue('The projector flickers. @Ben Editor ');
    await box.pressSequentially('can you look?');
    await box.press('Enter');
    await expect(item.locator('strong')).toHaveText('@Ben Editor');
    await expect(bell(benPage)).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });
    /** The comment as the server has it: its text and whom it mentions. */
    const onServer = async () => {
      const { comments } = (await apiJson(base, ana, 'GET', `/api/sync/comments?task=${uid}`)) as {
        comments: { body: string; mentions: { name: string }[] }[];
      };
      return { body: comments[0]!.body, mentions: comments[0]!.mentions.map((person) => person.name) };
    };
    const mentioned = async () => (await onServer()).mentions;
    expect(await mentioned()).toEqual(['Ben Editor']);

    // Another edit that leaves `@Ben Editor` in keeps the mention and tells no one again.
    await item.getByRole('button', { name: 'Edit' }).click();
    await box.press('ControlOrMeta+End');
    await box.pressSequentially(' Thanks.');
    await box.press('Enter');
    await expect(item).toContainText('can you look? Thanks.');
    await expect(item.locator('strong')).toHaveText('@Ben Editor');
    // Once the server has the edit (it shows at once, saved when the request is answered), the mention
    // is still there.
    await expect.poll(onServer).toEqual({
      body: 'The projector flickers. @Ben Editor can you look? Thanks.',
      mentions: ['Ben Editor'],
    });
    // Taken out of the text, the mention is dropped.
    await item.getByRole('button', { name: 'Edit' }).click();
    await box.fill('The projector flickers less.');
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(item).toContainText('The projector flickers less.');
    await expect(item.locator('strong')).toHaveCount(0);
    // The edit shows at once; the server has it once the save's request is answered.
    await expect.poll(mentioned).toEqual([]);
    const inbox = (await apiJson(base, ben, 'GET', '/api/sync/inbox')) as { unread: number };
    expect(inbox.unread).toBe(1);
    await expect(bell(benPage)).toHaveAccessibleName('Inbox, 1 unread');

    await anaDevice.context.close();
    await benPage.context().close();
  });

  test('the Notifications page: the inbox below the due lines, pages back, failures, offline, axe', async ({
    browser,
    teamServer,
  }, testInfo) => {
    test.setTimeout(240_000);
    const base = teamServer.base;
    const { ana, ben } = await twoMembers(base, 'Pager');
    const anaDevice = await openDeviceAt(base, browser, ana);
    const uid = await createTaskFor(anaDevice.page, 'Print the badges', 'Ben Pager');
    for (let index = 1; index <= 21; index++) {
      await apiComment(base, ana, uid, `@Ben Pager badge batch ${index}`, [userIdOf(ben)]);
    }
    const benDevice = await open(browser, base, ben, '/user/notifications');
    const page = benDevice.page;
    const section = page.getByRole('region', { name: 'Inbox' });
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Inbox', 'Reminders'], { timeout: 30_000 });
    await expect(section.getByRole('listitem')).toHaveCount(20, { timeout: 30_000 });
    await expect(section.getByRole('listitem').first()).toContainText(
      'Unread: Ana Pager mentioned you on "Print the badges"',
    );
    await section.getByRole('button', { name: 'Show older' }).click();
    await expect(section.getByRole('listitem')).toHaveCount(22);
    await expect(section.getByRole('listitem').last()).toContainText(
      'Ana Pager assigned "Print the badges" to you',
    );
    await expect(section.getByRole('button', { name: 'Show older' })).toHaveCount(0);
    await expect(
      page.getByText('With team sync, new entries of your inbox are notified too.', { exact: true }),
    ).toBeVisible();

    // Light and dark, the bell's panel open over the page.
    await bell(page).click();
    await expect(inboxPanel(page).getByRole('listitem')).toHaveCount(22);
    await page.screenshot({ path: testInfo.outputPath('inbox-light.png') });
    expect(await findAxeViolations(page)).toEqual([]);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await page.screenshot({ path: testInfo.outputPath('inbox-dark.png') });
    expect(await findAxeViolations(page)).toEqual([]);
    await page.evaluate(() => delete document.documentElement.dataset.theme);
    await page.keyboard.press('Escape');

    // Marking read when the server cannot be told: the entries come back unread, and a toast says so.
    await page.route('**/api/sync/inbox/read', (route) => route.fulfill({ status: 503, body: '' }));
    await section.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('Could not mark as read (status 503).', { exact: true })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Inbox, 22 unread');
    await page.unroute('**/api/sync/inbox/read');

    // A failed load is said, with Retry, which asks again (the answers fail until the test lets
    // them through; the page also asks by itself, on the stream's first poke, so either may recover).
    let failing = true;
    let asked = 0;
    await page.route(/\/api\/sync\/inbox\?/, (route) => {
      asked++;
      return failing ? route.fulfill({ status: 500, body: '' }) : route.continue();
    });
    await page.reload();
    const failed = section.getByText('Could not load your inbox (status 500).', { exact: true });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    const retry = section.getByRole('button', { name: 'Retry' });
    const before = asked;
    await retry.click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    await expect(failed).toBeVisible();
    failing = false;
    await expect(async () => {
      if ((await retry.count()) > 0) await retry.click({ timeout: 1_000 });
      await expect(section.getByRole('listitem')).toHaveCount(20, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(failed).toHaveCount(0);

    // Offline: said, and what was shown stays.
    await benDevice.context.setOffline(true);
    await expect(
      section.getByText(
        'You are offline. The inbox shows what it had and updates when you are back online.',
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(20);
    await benDevice.context.setOffline(false);

    // Someone with nothing in the inbox.
    await anaDevice.page.goto('/user/notifications');
    await expect(
      anaDevice.page
        .getByRole('region', { name: 'Inbox' })
        .getByText(
          'Nothing new. Mentions, comments, assignments and completed tasks that concern you show here.',
          {
            exact: true,
          },
        ),
    ).toBeVisible({ timeout: 30_000 });

    await anaDevice.context.close();
    await benDevice.context.close();
  });

  test('@one-width desktop notifications: a new entry is notified once across tabs, the old ones never', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(180_000);
    const base = teamServer.base;
    const { ana, ben } = await twoMembers(base, 'Notifier');
    const anaDevice = await openDeviceAt(base, browser, ana);
    const uid = await createTaskFor(anaDevice.page, 'Water the plants', 'Ben Notifier');

    const benDevice = await openDeviceAt(base, browser, ben);
    // Granted through the recorder (the headless shell keeps the real permission at "denied").
    await recordNotifications(benDevice.context, 'granted');
    const page = benDevice.page;
    await page.goto('/user/notifications');
    await page.getByRole('switch', { name: 'Desktop notifications' }).click();
    await expect(
      page.getByText('On: tasks due today and tomorrow are notified on this device.'),
    ).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });
    const second = await benDevice.context.newPage();
    await second.goto('/user/dashboard');
    await expect(bell(second)).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });

    await apiComment(base, ana, uid, '@Ben Notifier the ferns too', [userIdOf(ben)]);
    await expect(bell(page)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });
    await expect(bell(second)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });
    await expect
      .poll(() => recordedNotifications(page))
      .toEqual([
        {
          title: 'Ana Notifier mentioned you on "Water the plants"',
          body: 'Open it in Tasklane.',
          tag: expect.stringMatching(/^tasklane-inbox-/),
        },
      ]);
    // A reload looks again and repeats nothing.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Inbox, 2 unread', { timeout: 30_000 });
    await page.waitForTimeout(1_000);
    expect(await recordedNotifications(page)).toHaveLength(1);

    await anaDevice.context.close();
    await benDevice.context.close();
  });
});
