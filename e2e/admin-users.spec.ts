import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { USERS_API as USERS, findAxeViolations, openWith, stubUsers, type ListedUser } from './page-helpers';
import { E2E_ADMIN, E2E_PASSWORD, logInViaApi, registerViaApi, uniqueEmail } from './session-helpers';

/** Manage Users (/admin/manage-users; docs/product.md#manage-users), against the real admin API. */

const PATH = '/admin/manage-users';

function usersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Manage Users' });
}

function rowOf(page: Page, email: string): Locator {
  return usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: email, exact: true }) });
}

/**
 * The row of `email`, paging forward until it shows: the e2e database is shared by every test, so an
 * older account (E2E_ADMIN) may be past the first 50 rows.
 */
async function findRow(page: Page, email: string): Promise<Locator> {
  const row = rowOf(page, email);
  const pages = page.getByRole('navigation', { name: 'Users pages' });
  // The first load waits for the session check and the list (slow on a busy machine).
  await expect(usersTable(page).locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  while ((await row.count()) === 0) {
    const next = pages.getByRole('button', { name: 'Next' });
    if ((await pages.count()) === 0 || (await next.isDisabled())) throw new Error(`no row for ${email}`);
    const before = (await pages.locator('p').textContent()) ?? '';
    await next.click();
    await expect(pages.locator('p')).not.toHaveText(before);
  }
  return row;
}

/** The cells of a row in view mode: ID, Name, Email, Role. */
async function expectRow(row: Locator, name: string, role: 'Admin' | 'User'): Promise<void> {
  await expect(row.getByRole('cell').nth(1)).toHaveText(name);
  await expect(row.getByRole('cell').nth(2)).toHaveText(role);
}

function makeUsers(count: number): ListedUser[] {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  // Oldest first on purpose: the screen must put the newest (u{count}) on top.
  return Array.from({ length: count }, (_, index) => ({
    fullName: `Paged User ${index + 1}`,
    email: `paged-${index + 1}@example.com`,
    role: index % 10 === 0 ? 'admin' : 'user',
    createdAt: new Date(base + index * 60_000).toISOString(),
  }));
}

test('@one-width shows ID, Name, Email, Role, Actions; newest first; roles capitalised', async ({
  adminPage: page,
}) => {
  await stubUsers(page, [
    {
      fullName: 'Older Admin',
      email: 'older@example.com',
      role: 'admin',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      fullName: 'Newer User',
      email: 'newer@example.com',
      role: 'user',
      createdAt: '2026-02-01T00:00:00.000Z',
    },
  ]);
  await openWith(page, PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
  const table = usersTable(page);
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Role', 'Actions']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('newer@example.com');
  await expect(rows.nth(0).getByRole('cell').first()).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('2');
  await expectRow(rowOf(page, 'newer@example.com'), 'Newer User', 'User');
  await expectRow(rowOf(page, 'older@example.com'), 'Older Admin', 'Admin');
  await expect(rows.nth(0).getByRole('button')).toHaveText(['Edit', 'Delete']);
});

test('@one-width says No users found. for an empty list', async ({ adminPage: page }) => {
  await stubUsers(page, []);
  await openWith(page, PATH);
  await expect(page.getByText('No users found.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('@one-width pages 50 rows at a time, numbering rows across pages', async ({ adminPage: page }) => {
  await stubUsers(page, makeUsers(120));
  await openWith(page, PATH);
  const rows = usersTable(page).locator('tbody tr');
  const pages = page.getByRole('navigation', { name: 'Users pages' });
  await expect(rows).toHaveCount(50);
  await expect(pages).toContainText('Page 1 of 3');
  await expect(rows.first()).toContainText('paged-120@example.com');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 3');
  await expect(rows.first().getByRole('cell').first()).toHaveText('51');
  await expect(rows.first()).toContainText('paged-70@example.com');

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 3 of 3');
  await expect(rows).toHaveCount(20);
  await expect(rows.last().getByRole('cell').first()).toHaveText('120');
  await expect(rows.last()).toContainText('paged-1@example.com');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText('Page 2 of 3');
});

test('@one-width promotes and renames a user: PUT sends the lowercase role, it survives a reload, and they log in as admin', async ({
  adminPage: page,
  request,
}) => {
  const email = uniqueEmail('promote');
  await registerViaApi(request, { fullName: 'Pat Promote', email });
  await openWith(page, PATH);
  const row = rowOf(page, email);
  await expectRow(row, 'Pat Promote', 'User');

  await row.getByRole('button', { name: 'Edit' }).click();
  const nameInput = row.getByRole('textbox', { name: `Full name of ${email}` });
  await expect(nameInput).toBeFocused();
  await expect(nameInput).toHaveValue('Pat Promote');
  const roleSelect = row.getByRole('combobox', { name: `Role of ${email}` });
  await expect(roleSelect.getByRole('option')).toHaveText(['Admin', 'User']);
  await expect(roleSelect).toHaveValue('user');
  await nameInput.fill('Pat Promoted');
  await roleSelect.selectOption({ label: 'Admin' });

  const put = page.waitForRequest(
    (sent) =>
      sent.method() === 'PUT' && new URL(sent.url()).pathname === `/admin/users/${encodeURIComponent(email)}`,
  );
  await row.getByRole('button', { name: 'Save' }).click();
  expect((await put).postDataJSON()).toEqual({ fullName: 'Pat Promoted', email, role: 'admin' });
  await expect(page.getByText('User updated.')).toBeVisible();
  await expectRow(row, 'Pat Promoted', 'Admin');
  await expect(row.getByRole('button', { name: 'Edit' })).toBeFocused();

  await page.reload();
  await expectRow(rowOf(page, email), 'Pat Promoted', 'Admin');
  await logInViaApi(request, email, E2E_PASSWORD, 'admin');
});

test('@one-width Cancel leaves the row as it was', async ({ adminPage: page, request }) => {
  const email = uniqueEmail('cancel-edit');
  await registerViaApi(request, { fullName: 'Cora Cancel', email });
  await openWith(page, PATH);
  const row = rowOf(page, email);
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('textbox').fill('Changed Mind');
  await row.getByRole('combobox').selectOption('admin');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expectRow(row, 'Cora Cancel', 'User');
  await page.reload();
  await expectRow(rowOf(page, email), 'Cora Cancel', 'User');
});

test('@one-width Delete asks first: Cancel and Escape keep the row, Delete removes it for good', async ({
  adminPage: page,
  request,
}) => {
  const email = uniqueEmail('delete-me');
  await registerViaApi(request, { fullName: 'Dee Delete', email });
  await openWith(page, PATH);
  const row = rowOf(page, email);
  const deleteButton = row.getByRole('button', { name: 'Delete' });
  const dialog = page.getByRole('dialog', { name: 'Delete user?' });

  await deleteButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Dee Delete (${email})`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(row).toBeVisible();

  await deleteButton.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`User ${email} deleted.`)).toBeVisible();
  await page.reload();
  await expect(usersTable(page).locator('tbody tr').first()).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
});

test('@one-width your own row cannot be deleted or demoted, and says why; the server refuses both anyway', async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  await openWith(page, PATH);
  const row = await findRow(page, E2E_ADMIN.email);
  const note = 'You cannot delete your own account.';
  const remove = row.getByRole('button', { name: 'Delete', exact: true });
  await expect(row.getByRole('button')).toHaveText(['Edit', 'Delete']);
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(`${E2E_ADMIN.email} ${note}`);
  await expect(row.getByText(note, { exact: true })).toBeVisible();
  // Still reached by Tab (its reason is read with it); Enter and a click do nothing.
  await remove.focus();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await row.getByRole('button', { name: 'Edit' }).click();
  const role = row.getByRole('combobox', { name: `Role of ${E2E_ADMIN.email}` });
  await expect(role).toBeDisabled();
  await expect(role).toHaveValue('admin');
  await expect(role).toHaveAccessibleDescription('You cannot remove your own admin role.');
  await expect(row.getByText(note, { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expectRow(row, E2E_ADMIN.fullName, 'Admin');

  // Someone else's row offers both.
  const email = uniqueEmail('own-row-other');
  await registerViaApi(request, { fullName: 'Other Person', email, role: 'user' });
  await page.reload();
  const other = await findRow(page, email);
  await expect(other.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await expect(other.getByText(note, { exact: true })).toHaveCount(0);
  await other.getByRole('button', { name: 'Edit' }).click();
  await expect(other.getByRole('combobox')).toBeEnabled();
  await other.getByRole('button', { name: 'Cancel' }).click();

  // The server's rules stand on their own (a request that does not come from this screen).
  const headers = { authorization: `Bearer ${adminToken}` };
  const path = `${USERS}/${encodeURIComponent(E2E_ADMIN.email)}`;
  const deleted = await request.delete(path, { headers });
  expect(deleted.status()).toBe(409);
  expect((await deleted.json()).message).toBe(
    'You cannot delete your own account. Ask another administrator.',
  );
  const demoted = await request.put(path, {
    headers,
    data: { fullName: E2E_ADMIN.fullName, email: E2E_ADMIN.email, role: 'user' },
  });
  expect(demoted.status()).toBe(409);
  expect((await demoted.json()).message).toBe(
    'You cannot remove your own admin role. Ask another administrator.',
  );
});

test('Manage Users with your own row passes axe in both themes', async ({ adminPage: page }) => {
  await openWith(page, PATH);
  const row = await findRow(page, E2E_ADMIN.email);
  await expect(row.getByText('You cannot delete your own account.', { exact: true })).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(row.getByText('You cannot remove your own admin role.', { exact: true })).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
  // At 360 px the table scrolls in its box; the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('@one-width the 409 for the last admin is shown and the row stays Admin', async ({
  adminPage: page,
  consoleErrors,
}) => {
  consoleErrors.allow('Failed to update user');
  // The real server answers this only when a single admin is left, which a shared e2e database (where
  // other tests promote accounts) cannot guarantee; the rule itself is integration-tested.
  const lastAdmin: ListedUser = {
    fullName: 'Last Admin',
    email: 'last-admin@example.com',
    role: 'admin',
    createdAt: '2026-02-01T00:00:00.000Z',
  };
  await stubUsers(page, [lastAdmin]);
  await page.route(
    (url) => url.pathname === `${USERS}/${encodeURIComponent(lastAdmin.email)}`,
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The last administrator cannot be demoted.', code: 'LAST_ADMIN' }),
      }),
  );
  await openWith(page, PATH);
  const row = rowOf(page, lastAdmin.email);
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('combobox').selectOption({ label: 'User' });
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The last administrator cannot be demoted.')).toBeVisible();
  await expectRow(row, 'Last Admin', 'Admin');
});

test('@one-width a network failure on save or delete is told and changes nothing', async ({
  adminPage: page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow('Failed to update user');
  consoleErrors.allow('Failed to delete user');
  const email = uniqueEmail('offline');
  await registerViaApi(request, { fullName: 'Olly Offline', email });
  await openWith(page, PATH);
  await page.route(
    (url) => url.pathname === `/admin/users/${encodeURIComponent(email)}`,
    (route) => route.abort('internetdisconnected'),
  );
  const row = rowOf(page, email);
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('textbox').fill('Never Saved');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.'),
  ).toBeVisible();
  await expectRow(row, 'Olly Offline', 'User');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toBeVisible();
});

test('@one-width a failed list shows an error with Retry', async ({ adminPage: page, consoleErrors }) => {
  consoleErrors.allow('Failed to fetch users');
  let calls = 0;
  await page.route(
    (url) => url.pathname === USERS,
    (route) => (++calls === 1 ? route.fulfill({ status: 500, body: '' }) : route.continue()),
  );
  await openWith(page, PATH);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load users.' });
  await expect(alert).toContainText('Request failed with status 500.');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expect(await findRow(page, E2E_ADMIN.email)).toBeVisible();
});

test('has no axe violations with users shown, with the dialog open, and no page-wide horizontal scroll', async ({
  adminPage: page,
}) => {
  await stubUsers(page, makeUsers(60));
  await openWith(page, PATH);
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(50);
  expect(await findAxeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // At 360 px the table is wider than its box, and a line says so; on a desktop everything shows.
  const hint = page.getByText('Scroll the table sideways to see every column.');
  if ((page.viewportSize()?.width ?? 1280) <= 400) await expect(hint).toBeVisible();
  else await expect(hint).toHaveCount(0);

  await usersTable(page).locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
  await usersTable(page).locator('tbody tr').nth(1).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
});
