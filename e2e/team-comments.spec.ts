/**
 * Comments in the task view with team sync on (docs/product.md#comments): two members on two
 * devices talk about a task; the thread follows live; edit, delete, the rule's messages, links and
 * markup kept as text; someone who may not see the task cannot read its thread. A production server
 * with TEAM_SYNC=on on its own SQLite file; browser contexts stand for the members' devices.
 */
import type { Browser, Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  type Account,
  boardColumn,
  createTaskFor,
  openDeviceAt,
  registerAccount,
  userIdOf,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
const accounts = {} as Record<'ana' | 'ben' | 'cy' | 'ada', Account>;
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);

function commentsOf(view: Locator): Locator {
  return view.getByRole('region', { name: 'Comments' });
}

function commentItem(view: Locator, text: string): Locator {
  return commentsOf(view).getByRole('listitem').filter({ hasText: text });
}

async function apiComment(
  account: Account,
  id: string,
  task: string,
  body: string,
  mentions: string[] = [],
): Promise<void> {
  const response = await fetch(`${server.base}/api/sync/comments/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ task, body, mentions }),
  });
  expect(response.status).toBe(201);
}

test.describe('team comments', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    accounts.ana = await registerAccount(server.base, 'Ana Author', 'ana-comments@example.com', 'user');
    accounts.ben = await registerAccount(server.base, 'Ben Builder', 'ben-comments@example.com', 'user');
    accounts.cy = await registerAccount(server.base, 'Cy Outsider', 'cy-comments@example.com', 'user');
    accounts.ada = await registerAccount(server.base, 'Ada Admin', 'ada-comments@example.com', 'admin');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width two members comment; the other view follows live; edit, delete, links and markup as text', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, 'Plan the offsite', 'Ben Builder');
    await ana.page.goto('/user/dashboard');
    await boardColumn(ana.page, 'To Do').getByText('Plan the offsite').click();
    let anaView = ana.page.getByRole('dialog');
    await expect(commentsOf(anaView).getByText('No comments yet.', { exact: true })).toBeVisible();

    const ben = await openDevice(browser, accounts.ben);
    await ben.page.goto(`/user/dashboard?task=${uid}`);
    const benView = ben.page.getByRole('dialog');
    await expect(benView.getByRole('heading', { name: 'Plan the offsite' })).toBeVisible({ timeout: 15_000 });
    await expect(commentsOf(benView).getByText('No comments yet.', { exact: true })).toBeVisible();

    // Empty and too long are refused at the field, with no request.
    const puts: string[] = [];
    ana.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/sync/comments/'))
        puts.push(request.url());
    });
    let anaBox = anaView.getByRole('textbox', { name: 'Write a comment' });
    await anaView.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentsOf(anaView).getByText('Write a comment first.', { exact: true })).toBeVisible();
    await expect(anaBox).toHaveAttribute('aria-invalid', 'true');
    await anaBox.fill('x'.repeat(10_001));
    await anaBox.press('Enter');
    await expect(
      commentsOf(anaView).getByText('A comment can be at most 10,000 characters.', { exact: true }),
    ).toBeVisible();
    expect(puts).toEqual([]);

    // Shift+Enter makes a new line, Enter sends; the line break is kept and the address is a link.
    await anaBox.fill('Venue ideas?');
    await anaBox.press('Shift+Enter');
    await anaBox.pressSequentially('See https://example.com/venue.');
    await anaBox.press('Enter');
    await expect(anaBox).toHaveValue('');
    await expect(commentItem(anaView, 'Venue ideas?')).toContainText('Ana Author');
    expect(puts).toHaveLength(1);

    // Ben's open view shows it without a reload (the stream's comments event).
    const benItem = commentItem(benView, 'Venue ideas?');
    await expect(benItem).toBeVisible({ timeout: 10_000 });
    await expect(benItem.locator('p').nth(1)).toHaveText('Venue ideas?\nSee https://example.com/venue.', {
      useInnerText: true,
    });
    const link = benItem.getByRole('link', { name: 'https://example.com/venue' });
    await expect(link).toHaveAttribute('href', 'https://example.com/venue');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(benItem.getByRole('time')).toHaveText('just now');
    // Not his comment: no Edit, no Delete.
    await expect(benItem.getByRole('button')).toHaveCount(0);

    // Markup stays text: no element is made from it, and a javascript: address is no link.
    const markup = '<script>window.__commentRan = 1</script> <b>bold</b> javascript:alert(1)';
    const benBox = benView.getByRole('textbox', { name: 'Write a comment' });
    await benBox.fill(markup);
    await benView.getByRole('button', { name: 'Comment', exact: true }).click();
    const markupItem = commentItem(anaView, '<script>');
    await expect(markupItem).toBeVisible({ timeout: 10_000 });
    await expect(markupItem.locator('p').nth(1)).toHaveText(markup);
    await expect(markupItem.locator('script, b')).toHaveCount(0);
    await expect(markupItem.getByRole('link')).toHaveCount(0);
    expect(await ana.page.evaluate(() => (window as { __commentRan?: number }).__commentRan)).toBeUndefined();

    // The exact time is offered on keyboard focus.
    const anaItem = commentItem(anaView, 'Venue ideas?');
    await anaItem.getByRole('time').focus();
    await expect(anaItem.getByRole('tooltip')).toBeVisible();

    // Edit: Escape cancels (the view stays open), Save changes the text and shows `edited`.
    await anaItem.getByRole('button', { name: 'Edit' }).click();
    const editBox = anaView.getByRole('textbox', { name: 'Edit comment' });
    await expect(editBox).toBeFocused();
    await editBox.fill('Not this');
    await editBox.press('Escape');
    await expect(editBox).toHaveCount(0);
    await expect(anaView).toBeVisible();
    await expect(anaItem).toContainText('Venue ideas?');
    await anaItem.getByRole('button', { name: 'Edit' }).click();
    await editBox.fill('Two venues: the lake or the hill');
    await anaView.getByRole('button', { name: 'Save' }).click();
    const edited = commentItem(anaView, 'Two venues');
    await expect(edited.getByText('edited', { exact: true })).toBeVisible();
    await expect(commentItem(benView, 'Two venues').getByText('edited', { exact: true })).toBeVisible({
      timeout: 10_000,
    });

    // Delete, after a confirmation: `Comment deleted` in its place, here and in Ben's view.
    await edited.getByRole('button', { name: 'Delete' }).click();
    const confirm = ana.page.getByRole('dialog', { name: 'Delete comment' });
    await expect(confirm).toContainText(
      'Its text is erased for everyone who sees this task. This cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(commentsOf(anaView).getByText('Comment deleted', { exact: true })).toBeVisible();
    await expect(commentsOf(anaView).getByText('Two venues')).toHaveCount(0);
    await expect(commentsOf(benView).getByText('Comment deleted', { exact: true })).toBeVisible({
      timeout: 10_000,
    });

    // Written offline: `Sending…`, kept in browser storage (closing the tab loses nothing), posted
    // once when back online.
    await ana.context.setOffline(true);
    await anaBox.fill('Booked the lake');
    await anaBox.press('Enter');
    await expect(
      commentItem(anaView, 'Booked the lake').getByText('Sending…', { exact: true }),
    ).toBeVisible();
    await expect(anaBox).toHaveValue('');
    const kept = await ana.page.evaluate(() => localStorage.getItem('tasklane.commentOutbox'));
    expect(JSON.parse(kept ?? '[]')).toEqual([
      expect.objectContaining({ task: uid, body: 'Booked the lake' }),
    ]);
    await ana.page.close();
    await ana.context.setOffline(false);
    ana.page = await ana.context.newPage();
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    anaView = ana.page.getByRole('dialog');
    anaBox = anaView.getByRole('textbox', { name: 'Write a comment' });
    await expect(commentItem(benView, 'Booked the lake')).toBeVisible({ timeout: 15_000 });
    await expect(commentItem(anaView, 'Booked the lake')).toHaveCount(1);
    await expect(commentsOf(anaView).getByText('Sending…', { exact: true })).toHaveCount(0);
    await expect(commentItem(anaView, 'Booked the lake').getByRole('time')).toBeVisible();
    expect(await ana.page.evaluate(() => localStorage.getItem('tasklane.commentOutbox'))).toBe('[]');
    await expect(commentItem(benView, 'Booked the lake')).toHaveCount(1);

    // The board's card counts the comments not deleted.
    await ana.page.getByRole('button', { name: 'Close task' }).click();
    const card = boardColumn(ana.page, 'To Do').getByRole('listitem').filter({ hasText: 'Plan the offsite' });
    await expect(card.getByText('2 comments', { exact: true })).toBeAttached();

    // @mentions: typing `@` offers the people who may see the task (owner, assignee, admins; not
    // Cy), filtered; arrows and Enter pick one.
    await boardColumn(ana.page, 'To Do').getByText('Plan the offsite').click();
    const box = anaView.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('Thanks ');
    await box.pressSequentially('@b');
    const people = anaView.getByRole('listbox', { name: 'People to mention' });
    await expect(people.getByRole('option')).toHaveText(['Ben Builder']);
    await box.press('Backspace');
    await expect(people.getByRole('option')).toHaveText(['Ada Admin', 'Ana Author', 'Ben Builder']);
    await box.pressSequentially('be');
    await expect(people.getByRole('option')).toHaveText(['Ben Builder']);
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(people).toHaveCount(0);
    await expect(box).toHaveValue('Thanks @Ben Builder ');
    await box.pressSequentially('for booking');
    await box.press('Enter');
    const mentioning = commentItem(anaView, 'for booking');
    await expect(mentioning.locator('strong')).toHaveText('@Ben Builder');
    const thread = await fetch(`${server.base}/api/sync/comments?task=${uid}`, {
      headers: { authorization: `Bearer ${accounts.ben.token}` },
    });
    const stored = ((await thread.json()) as { comments: { body: string; mentions: { name: string }[] }[] })
      .comments;
    expect(stored.find((item) => item.body === 'Thanks @Ben Builder for booking')?.mentions).toEqual([
      expect.objectContaining({ name: 'Ben Builder' }),
    ]);
    // Someone who cannot see the task is not offered (the server refuses such a mention too:
    // app/api/sync/comments/route.test.ts).
    await box.pressSequentially('@Cy');
    await expect(people).toHaveCount(0);
    await box.fill('');
    await anaView.getByRole('button', { name: 'Close task' }).click();
    await expect(card.getByText('3 comments', { exact: true })).toBeAttached();

    // Manage Tasks' row counts them too; an admin may delete anyone's comment but edits none.
    const ada = await openDevice(browser, accounts.ada);
    await ada.page.goto('/admin/manage-tasks');
    const row = ada.page.getByRole('row').filter({ hasText: 'Plan the offsite' });
    await expect(row.getByText('3 comments', { exact: true })).toBeAttached({ timeout: 15_000 });
    await row.getByRole('link', { name: 'Plan the offsite' }).click();
    const adaItem = commentItem(ada.page.getByRole('dialog'), 'Booked the lake');
    await expect(adaItem).toBeVisible({ timeout: 15_000 });
    await expect(adaItem.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(adaItem.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    // Cy may not see the task: its thread is answered as for a task that does not exist.
    const outsider = await fetch(`${server.base}/api/sync/comments?task=${uid}`, {
      headers: { authorization: `Bearer ${accounts.cy.token}` },
    });
    expect(outsider.status).toBe(404);
    expect(((await outsider.json()) as { message: string }).message).toBe(
      'No such task, or you cannot see it.',
    );

    await ana.context.close();
    await ben.context.close();
    await ada.context.close();
  });

  test('@one-width a thread read before shows offline, marked as such, and is read again once online', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, 'Pack the tent', 'Ben Builder');
    await apiComment(accounts.ben, crypto.randomUUID(), uid, 'The tent is in the garage.');
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    let view = ana.page.getByRole('dialog');
    await expect(commentItem(view, 'The tent is in the garage.')).toBeVisible({ timeout: 15_000 });
    await ana.page.getByRole('button', { name: 'Close task' }).click();

    await ana.context.setOffline(true);
    await boardColumn(ana.page, 'To Do').getByText('Pack the tent').click();
    view = ana.page.getByRole('dialog');
    await expect(commentItem(view, 'The tent is in the garage.')).toBeVisible();
    const note = commentsOf(view).getByText('Offline: the comments as read here', { exact: false });
    await expect(note).toBeVisible();
    await expect(commentsOf(view).getByText('Could not load the comments')).toHaveCount(0);

    // Online again: read afresh (a comment written meanwhile appears), and the note goes.
    await apiComment(accounts.ben, crypto.randomUUID(), uid, 'Take the poles too.');
    await ana.context.setOffline(false);
    await expect(commentItem(view, 'Take the poles too.')).toBeVisible({ timeout: 15_000 });
    await expect(note).toHaveCount(0);
    await ana.context.close();
  });

  test('the task view with comments has no axe violations, light and dark', async ({ browser }, testInfo) => {
    test.setTimeout(150_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, `Order chairs ${testInfo.project.name}`, 'Ben Builder');
    await apiComment(
      accounts.ana,
      crypto.randomUUID(),
      uid,
      '@Ben Builder forty chairs.\nSee https://example.com/chairs',
      [userIdOf(accounts.ben)],
    );
    await apiComment(accounts.ben, crypto.randomUUID(), uid, 'Ordered them <b>today</b>.');
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    const view = ana.page.getByRole('dialog');
    await expect(commentItem(view, 'Ordered them')).toBeVisible({ timeout: 15_000 });
    const first = commentItem(view, 'forty chairs.');
    await expect(first.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(first.locator('strong')).toHaveText('@Ben Builder');
    // A comment waiting to be sent, and the list of people open, for axe too.
    const box = view.getByRole('textbox', { name: 'Write a comment' });
    await ana.context.setOffline(true);
    await box.fill('Chairs arrive on Monday');
    await box.press('Enter');
    await expect(commentItem(view, 'Chairs arrive').getByText('Sending…', { exact: true })).toBeVisible();
    await box.pressSequentially('Thanks @');
    await expect(view.getByRole('listbox', { name: 'People to mention' }).getByRole('option')).toHaveText([
      'Ada Admin',
      'Ana Author',
      'Ben Builder',
    ]);
    await commentsOf(view).scrollIntoViewIfNeeded();
    await ana.page.screenshot({ path: testInfo.outputPath('comments-light.png'), fullPage: true });
    await ana.page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await ana.page.screenshot({ path: testInfo.outputPath('comments-dark.png'), fullPage: true });
    await ana.page.evaluate(() => delete document.documentElement.dataset.theme);
    expect(await findAxeViolations(ana.page)).toEqual([]);
    await ana.context.setOffline(false);
    await ana.context.close();
  });
});
