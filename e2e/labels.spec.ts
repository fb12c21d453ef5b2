import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, storeData, type StoredTask } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { addTask, openDeviceAt, registerAccount, storedTask, type Account } from './team-sync-helpers';

/**
 * Labels (docs/product.md#labels): a name and a colour; the browser's own set by default, the team's
 * with team sync (admins manage it in Admin Settings, members use it); chips on the board card, the
 * Create Tasks card and Manage Tasks rows; the finder's 'Label' kept in the URL (`?label=`).
 */

const TASKS: StoredTask[] = [
  {
    id: '1',
    title: 'Write report',
    description: 'Quarterly numbers',
    priority: 'Low',
    deadline: '2099-01-01',
  },
  { id: '2', title: 'Plan offsite', description: 'Book the venue', priority: 'High', deadline: '2099-01-02' },
];

const COLOURS = ['Red', 'Orange', 'Yellow', 'Green', 'Teal', 'Blue', 'Purple', 'Grey'] as const;

function taskView(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

function labelsSection(view: Locator): Locator {
  return view.getByRole('region', { name: 'Labels', exact: true });
}

function chipNames(scope: Locator): Locator {
  return scope.getByRole('list', { name: 'Labels', exact: true }).getByRole('listitem');
}

function gridCard(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('article', { name: title, exact: true });
}

function finder(page: Page): Locator {
  return page.getByRole('search', { name: 'Find tasks' });
}

async function createLabel(scope: Locator, name: string, colour: string): Promise<void> {
  const form = scope.getByRole('form', { name: 'New label' });
  await form.getByRole('textbox', { name: 'Label name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Colour', exact: true }).selectOption({ label: colour });
  await form.getByRole('button', { name: 'Add label' }).click();
}

test(
  'default mode: create a label in the task view, put it on a task, see it on cards, filter by it, rename and delete it',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    // The browser's own set: no request for labels ever leaves the page.
    const labelRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/labels')) labelRequests.push(request.url());
    });
    await openWith(page, '/user/userpage?task=1', { tasks: TASKS });
    const view = taskView(page, 'Write report');
    const section = labelsSection(view);
    await expect(section.getByRole('heading', { name: 'Labels', exact: true })).toBeVisible();
    await expect(section.getByText('No labels on this task.', { exact: true })).toBeVisible();

    await section.getByRole('button', { name: 'Choose labels' }).click();
    await expect(
      section.getByText('No labels yet. Create one under Manage labels.', { exact: true }),
    ).toBeVisible();

    const manage = section.getByRole('button', { name: 'Manage labels' });
    await expect(manage).toHaveAttribute('aria-expanded', 'false');
    await manage.click();
    await expect(manage).toHaveAttribute('aria-expanded', 'true');
    await expect(section.getByText('0 of 50 labels.', { exact: true })).toBeVisible();
    await createLabel(section, '  Urgent ', 'Red');
    await expect(page.getByText('Label "Urgent" created.', { exact: true })).toBeVisible();
    await expect(section.getByText('1 of 50 labels.', { exact: true })).toBeVisible();
    // The name is free for the next label; one differing only by case is refused by the field.
    const name = section.getByRole('textbox', { name: 'Label name', exact: true });
    await expect(name).toHaveValue('');
    await createLabel(section, 'URGENT', 'Blue');
    await expect(section.getByText('A label named "Urgent" already exists.', { exact: true })).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await createLabel(section, '', 'Blue');
    await expect(section.getByText('Label name is required.', { exact: true })).toBeVisible();
    await createLabel(section, 'x'.repeat(31), 'Blue');
    await expect(
      section.getByText('Label name must be at most 30 characters.', { exact: true }),
    ).toBeVisible();
    await createLabel(section, 'Later', 'Teal');

    const stored = (await readStoredJson<{ id: string; name: string; color: string }[]>(
      page,
      'tasklane.labels',
    ))!;
    expect(stored.map(({ name: labelName, color }) => [labelName, color])).toEqual([
      ['Urgent', 'red'],
      ['Later', 'teal'],
    ]);
    const urgentId = stored[0]!.id;

    // Picking, with the keyboard: the checkbox saves as it is ticked.
    const urgentBox = section.getByRole('group', { name: 'Labels of this task' }).getByRole('checkbox', {
      name: 'Urgent',
      exact: true,
    });
    await urgentBox.focus();
    await page.keyboard.press('Space');
    await expect(urgentBox).toBeChecked();
    await expect(chipNames(section)).toHaveText(['Urgent']);
    await section.getByRole('checkbox', { name: 'Later', exact: true }).click();
    await expect(chipNames(section)).toHaveText(['Urgent', 'Later']);
    await section.getByRole('checkbox', { name: 'Later', exact: true }).click();
    await expect(chipNames(section)).toHaveText(['Urgent']);
    const tasks = (await readStoredJson<(StoredTask & { labels?: string[] })[]>(page, 'tasks'))!;
    expect(tasks[0]!.labels).toEqual([urgentId]);
    // The other task is stored as it was: no labels field.
    expect(tasks[1]).not.toHaveProperty('labels');

    await page.keyboard.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(chipNames(gridCard(page, 'Write report'))).toHaveText(['Urgent']);
    await expect(gridCard(page, 'Plan offsite').getByRole('list', { name: 'Labels' })).toHaveCount(0);

    // The finder's 'Label' narrows the grid and goes into the address.
    await finder(page).getByRole('button', { name: 'Filters' }).click();
    const labelFilter = finder(page).getByRole('combobox', { name: 'Label', exact: true });
    await expect(labelFilter.getByRole('option')).toHaveText(['Any label', 'Urgent', 'Later']);
    await labelFilter.selectOption({ label: 'Urgent' });
    await expect(finder(page).locator('[aria-live="polite"]')).toHaveText('1 of 2 tasks');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`\\?label=${urgentId}$`));

    // A shared link restores it, on the board too.
    await page.goto(`/user/dashboard?label=${urgentId}`);
    await expect(finder(page).getByRole('combobox', { name: 'Label', exact: true })).toHaveValue(urgentId);
    await expect(page.locator('section[data-column] h3')).toHaveText(['Write report']);
    await expect(page.locator('section[data-column] [data-color]')).toHaveText(['Urgent']);

    // Renamed and recoloured: every chip follows.
    await page.goto('/user/userpage?task=2');
    const other = labelsSection(taskView(page, 'Plan offsite'));
    await other.getByRole('button', { name: 'Manage labels' }).click();
    await other.getByRole('button', { name: 'Edit label Urgent' }).click();
    const edit = other.getByRole('form', { name: 'Edit label Urgent' });
    await expect(edit.getByRole('textbox', { name: 'New name', exact: true })).toBeFocused();
    await edit.getByRole('textbox', { name: 'New name', exact: true }).fill('Blocker');
    await edit.getByRole('combobox', { name: 'New colour', exact: true }).selectOption({ label: 'Purple' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Label saved.', { exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Edit label Blocker' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chipNames(gridCard(page, 'Write report'))).toHaveText(['Blocker']);
    await expect(gridCard(page, 'Write report').locator('[data-color="purple"]')).toHaveText('Blocker');

    // Deleted: it asks in the row first; the chip goes, the task's stored ids stay.
    await page.goto('/user/userpage?task=2');
    const again = labelsSection(taskView(page, 'Plan offsite'));
    await again.getByRole('button', { name: 'Manage labels' }).click();
    await again.getByRole('button', { name: 'Delete label Blocker' }).click();
    const question = again.getByRole('group', { name: 'Delete label Blocker?' });
    await expect(
      question.getByText('Delete “Blocker”? It disappears from every task that has it.'),
    ).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep' })).toBeFocused();
    await question.getByRole('button', { name: 'Delete label' }).click();
    await expect(page.getByText('Label "Blocker" deleted.', { exact: true })).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Label name', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(gridCard(page, 'Write report').getByRole('list', { name: 'Labels' })).toHaveCount(0);
    const after = (await readStoredJson<(StoredTask & { labels?: string[] })[]>(page, 'tasks'))!;
    expect(after[0]!.labels).toEqual([urgentId]);

    // A link naming the deleted label: the filter is kept, shown as unknown, and finds the tasks still
    // carrying its id (which show no chip for it).
    await page.goto(`/user/userpage?label=${urgentId}`);
    const unknown = finder(page).getByRole('combobox', { name: 'Label', exact: true });
    await expect(unknown.getByRole('option')).toHaveText(['Any label', 'Later', 'Unknown label']);
    await expect(unknown).toHaveValue(urgentId);
    await expect(finder(page).locator('[aria-live="polite"]')).toHaveText('1 of 2 tasks');
    await expect(page.getByRole('main').getByRole('article')).toHaveText([/^Write report/]);
    expect(labelRequests).toEqual([]);
  },
);

test('Manage Tasks shows each task’s labels under its title, readable in both themes', async ({
  adminPage: page,
}) => {
  const labels = COLOURS.map((colour, index) => ({
    id: `m${index}`,
    name: colour,
    color: colour.toLowerCase(),
  }));
  await storeData(page, {
    tasks: [{ ...TASKS[0]!, labels: ['m3', 'gone', 'm0'] }, TASKS[1]!] as StoredTask[],
    json: { 'tasklane.labels': labels },
  });
  await page.goto('/admin/manage-tasks');
  const row = page.getByRole('row').filter({ hasText: 'Write report' });
  await expect(chipNames(row)).toHaveText(['Green', 'Red']);
  await expect(chipNames(page.getByRole('row').filter({ hasText: 'Plan offsite' }))).toHaveCount(0);
  expect(await findAxeViolations(page)).toEqual([]);
});

test('chips of every colour pass axe in the light and dark themes on the board, the grid and the task view', async ({
  memberPage: page,
}) => {
  const labels = COLOURS.map((colour, index) => ({
    id: `c${index}`,
    name: `${colour} label`,
    color: colour.toLowerCase(),
  }));
  const labelled = TASKS.map((task) => ({ ...task, labels: labels.map((label) => label.id) }));
  await storeData(page, { tasks: labelled as StoredTask[], json: { 'tasklane.labels': labels } });

  await page.goto('/user/dashboard');
  const firstCard = page.locator('[aria-roledescription="draggable task"]').first();
  await expect(firstCard.locator('[data-color]')).toHaveText(labels.map((label) => label.name));
  await expect(firstCard).toContainText('Labels: Red label');
  expect(await findAxeViolations(page)).toEqual([]);

  await page.goto('/user/userpage');
  await expect(chipNames(gridCard(page, 'Write report'))).toHaveText(labels.map((label) => label.name));
  expect(await findAxeViolations(page)).toEqual([]);
  // No sideways scroll at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.goto('/user/userpage?task=1');
  const section = labelsSection(taskView(page, 'Write report'));
  await section.getByRole('button', { name: 'Choose labels' }).click();
  await section.getByRole('button', { name: 'Manage labels' }).click();
  await expect(section.getByRole('checkbox')).toHaveCount(COLOURS.length);
  await section.getByRole('button', { name: 'Delete label Red label' }).click();
  await expect(section.getByRole('button', { name: 'Keep' })).toBeVisible();
  // Nothing in the view is wider than the view (at 360 px it is the whole screen).
  expect(
    await taskView(page, 'Write report').evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth),
  ).toBe(true);
  expect(await findAxeViolations(page)).toEqual([]);
});

test.describe('team mode', () => {
  test.describe.configure({ mode: 'serial' });
  let server: AppProcess;
  let admin: Account;
  let member: Account;

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    admin = await registerAccount(server.base, 'Ada Admin', 'ada-labels@example.com', 'admin');
    member = await registerAccount(server.base, 'Max Member', 'max-labels@example.com', 'user');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width an admin creates a label in Admin Settings; a member uses it and cannot change the set', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const adminDevice = await openDeviceAt(server.base, browser, admin);
    await adminDevice.page.goto('/admin/settings');
    const block = adminDevice.page.getByRole('region', { name: 'Labels', exact: true });
    await expect(
      block.getByText(
        'One set of labels for the whole team: members put them on tasks; only administrators create, rename, recolour and delete them.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(block.getByText('No labels yet.', { exact: true })).toBeVisible();
    await createLabel(block, 'Release', 'Teal');
    await expect(adminDevice.page.getByText('Label "Release" created.', { exact: true })).toBeVisible();
    await expect(block.getByRole('list', { name: 'Team labels' }).getByRole('listitem')).toHaveCount(1);
    expect(await findAxeViolations(adminDevice.page)).toEqual([]);

    // A member may read the set, not change it.
    const refused = await fetch(`${server.base}/api/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mine', color: 'red' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('FORBIDDEN');

    const memberDevice = await openDeviceAt(server.base, browser, member);
    await addTask(memberDevice.page, 'Ship it', 'The release');
    const task = await storedTask(memberDevice.page, 'Ship it');
    await memberDevice.page.goto(`/user/userpage?task=${task.uid ?? task.id}`);
    const section = labelsSection(taskView(memberDevice.page, 'Ship it'));
    await expect(section.getByRole('button', { name: 'Manage labels' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Choose labels' }).click();
    await section.getByRole('checkbox', { name: 'Release', exact: true }).check();
    await expect(chipNames(section)).toHaveText(['Release']);
    await memberDevice.page.keyboard.press('Escape');
    await expect(chipNames(gridCard(memberDevice.page, 'Ship it'))).toHaveText(['Release']);
    // The team set is kept for offline use.
    expect(await readStoredJson(memberDevice.page, 'tasklane.teamLabels')).toEqual([
      { id: expect.any(String), name: 'Release', color: 'teal' },
    ]);

    // The admin renames it; the member's page picks it up when its window gets focus again.
    await block.getByRole('button', { name: 'Edit label Release' }).click();
    await block.getByRole('textbox', { name: 'New name', exact: true }).fill('Release 2');
    await block.getByRole('button', { name: 'Save' }).click();
    await expect(block.getByRole('button', { name: 'Edit label Release 2' })).toBeVisible();
    await memberDevice.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(chipNames(gridCard(memberDevice.page, 'Ship it'))).toHaveText(['Release 2']);

    await adminDevice.context.close();
    await memberDevice.context.close();
  });

  test('@one-width an admin’s rename and recolour reach a member’s open board and open task view without a reload; the logout removes the set', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const adminDevice = await openDeviceAt(server.base, browser, admin);
    await adminDevice.page.goto('/admin/settings');
    const block = adminDevice.page.getByRole('region', { name: 'Labels', exact: true });
    await createLabel(block, 'Launch', 'Blue');
    await expect(adminDevice.page.getByText('Label "Launch" created.', { exact: true })).toBeVisible();

    // The member: a task with the label, the board open in one tab, the task view in another.
    const memberDevice = await openDeviceAt(server.base, browser, member);
    await addTask(memberDevice.page, 'Go live', 'Flip the switch');
    const task = await storedTask(memberDevice.page, 'Go live');
    const uid = task.uid ?? task.id;
    await memberDevice.page.goto(`/user/userpage?task=${uid}`);
    const section = labelsSection(taskView(memberDevice.page, 'Go live'));
    await section.getByRole('button', { name: 'Choose labels' }).click();
    await section.getByRole('checkbox', { name: 'Launch', exact: true }).check();
    await expect(chipNames(section)).toHaveText(['Launch']);
    const board = memberDevice.page;
    await board.goto('/user/dashboard');
    // The board card writes its chips plainly (no list): each chip is its name on its colour.
    const boardChips = board
      .locator('section[data-column="To Do"]')
      .getByRole('button', { name: /Go live/ })
      .locator('[data-color]');
    await expect(boardChips).toHaveText(['Launch']);
    await finder(board).getByRole('button', { name: 'Filters' }).click();
    const labelFilter = finder(board).getByRole('combobox', { name: 'Label', exact: true });
    await expect(labelFilter.getByRole('option', { name: 'Launch', exact: true })).toHaveCount(1);
    const viewTab = await memberDevice.context.newPage();
    await viewTab.goto(`/user/dashboard?task=${uid}`);
    const viewChips = chipNames(labelsSection(taskView(viewTab, 'Go live'))).locator('[data-color]');
    await expect(viewChips).toHaveText(['Launch'], { timeout: 30_000 });
    await expect(viewChips).toHaveAttribute('data-color', 'blue');

    // The admin renames and recolours it; nobody reloads or focuses the member's pages.
    await block.getByRole('button', { name: 'Edit label Launch' }).click();
    await block.getByRole('textbox', { name: 'New name', exact: true }).fill('Launch day');
    await block.getByRole('combobox', { name: 'New colour', exact: true }).selectOption({ label: 'Orange' });
    await block.getByRole('button', { name: 'Save' }).click();
    await expect(adminDevice.page.getByText('Label saved.', { exact: true })).toBeVisible();
    for (const chips of [boardChips, viewChips]) {
      await expect(chips).toHaveText(['Launch day'], { timeout: 5_000 });
      await expect(chips).toHaveAttribute('data-color', 'orange');
    }
    // The finder's label filter follows too.
    await expect(labelFilter.getByRole('option', { name: 'Launch day', exact: true })).toHaveCount(1);
    await expect(labelFilter.getByRole('option', { name: 'Launch', exact: true })).toHaveCount(0);

    // The logout takes the team's set with the rest of the team's data.
    expect(await readStoredJson(board, 'tasklane.teamLabels')).toContainEqual({
      id: expect.any(String),
      name: 'Launch day',
      color: 'orange',
    });
    await viewTab.close();
    await board.getByRole('button', { name: /^Profile menu for / }).click();
    await board.getByRole('menuitem', { name: 'Logout' }).click();
    await board.waitForURL((url) => url.pathname === '/');
    expect(await board.evaluate(() => localStorage.getItem('tasklane.teamLabels'))).toBeNull();

    await adminDevice.context.close();
    await memberDevice.context.close();
  });
});
