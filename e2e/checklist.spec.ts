/**
 * Checklists (docs/product.md#checklists) through the task view: add, rename, tick, reorder (keyboard
 * and mouse), delete; the cards' `1/2`; "Progress follows the checklist" moving the card across the
 * board; axe in both themes at both widths; and, with team sync on, two devices ticking different
 * items offline both keep their tick.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
  boardColumn,
  openDeviceAt,
  registerAccount,
  storedTask,
  syncStatus,
  type Account,
  type Column,
  type Device,
} from './team-sync-helpers';

type Stored = Record<string, unknown> & { id: string; title: string };

const PLAIN: Stored = {
  id: '2',
  title: 'Review PR',
  description: 'The migration',
  priority: 'Medium',
  deadline: '2099-03-11',
  progress: 0,
  assignedTo: 'Test Member',
};

/** A task with five items, none done. */
const FIVE: Stored = {
  ...PLAIN,
  id: '5',
  title: 'Move house',
  ...Object.fromEntries(
    ['Boxes', 'Van', 'Keys', 'Post', 'Clean'].map((text, index) => [
      `ck_item${index}`,
      { text, done: false, pos: index + 1 },
    ]),
  ),
};

function view(page: Page) {
  return page.getByRole('dialog');
}

function checklist(page: Page) {
  return view(page).getByRole('region', { name: 'Checklist' });
}

/** The items' texts, in the order shown (each item's checkbox label). */
function itemLabels(page: Page) {
  return checklist(page).getByRole('list').locator('label');
}

async function storedTaskById(page: Page, id: string): Promise<Stored | undefined> {
  const tasks = await readStoredJson<Stored[]>(page, 'tasks');
  return tasks?.find((task) => task.id === id);
}

/** The stored task's items as `[x] text`, in order. */
async function storedItems(page: Page, id: string): Promise<string[]> {
  const task = (await storedTaskById(page, id)) ?? {};
  return Object.entries(task)
    .filter(([field]) => field.startsWith('ck_'))
    .map(([, value]) => value as { text: string; done: boolean; pos: number })
    .sort((a, b) => a.pos - b.pos)
    .map((item) => `${item.done ? '[x]' : '[ ]'} ${item.text}`);
}

async function openTaskAt(page: Page, path: string, tasks: Stored[], title: string) {
  await openWith(page, path, { json: { tasks } });
  await expect(view(page).getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 15_000 });
}

async function expectCardIn(page: Page, id: string, column: Column) {
  await expect(boardColumn(page, column).locator(`#task-card-${id}`)).toBeVisible();
}

test.describe('checklists in the task view', () => {
  test(
    'add, rename, tick, reorder by keyboard and delete; the cards show 1/2; a reload keeps it',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openTaskAt(page, '/user/dashboard?task=2', [PLAIN], 'Review PR');
      const section = checklist(page);
      await expect(section.getByRole('heading', { name: 'Checklist', exact: true })).toBeVisible();
      await expect(section.getByText('No items yet.', { exact: true })).toBeVisible();

      // A refused text stays in the field with its message; nothing is stored.
      const add = section.getByRole('textbox', { name: 'Add an item', exact: true });
      await add.fill('   ');
      await add.press('Enter');
      await expect(section.getByText('Item text is required.', { exact: true })).toBeVisible();
      await expect(add).toHaveAccessibleDescription('Item text is required.');
      await expect(add).toHaveValue('   ');
      await add.fill('x'.repeat(201));
      await add.press('Enter');
      await expect(add).toHaveAccessibleDescription('An item must be at most 200 characters.');
      await expect(add).toHaveValue('x'.repeat(201));
      expect(await storedItems(page, '2')).toEqual([]);

      // Enter adds, clears the field and keeps focus there.
      await add.fill('  Buy milk ');
      await add.press('Enter');
      await expect(section.getByRole('checkbox', { name: 'Buy milk', exact: true })).toBeVisible();
      await expect(add).toHaveValue('');
      await expect(add).toBeFocused();
      await expect(section.getByText('Item text is required.')).toBeHidden();
      await page.keyboard.type('Call Bo');
      await page.keyboard.press('Enter');
      await expect(section.getByText('0 of 2 done', { exact: true })).toBeVisible();
      expect(await storedItems(page, '2')).toEqual(['[ ] Buy milk', '[ ] Call Bo']);

      // Rename: a refused text shows its message and stays; Escape cancels; Enter saves.
      await section.getByRole('button', { name: 'Rename item "Call Bo"', exact: true }).click();
      const rename = section.getByRole('textbox', { name: 'New text for "Call Bo"', exact: true });
      await expect(rename).toBeFocused();
      await rename.fill(' ');
      await rename.press('Enter');
      await expect(section.getByRole('alert')).toHaveText('Item text is required.');
      await expect(rename).toHaveValue(' ');
      await rename.press('Escape');
      // Escape leaves the edit, not the view.
      await expect(view(page)).toBeVisible();
      await expect(section.getByRole('button', { name: 'Rename item "Call Bo"', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await rename.fill('Call Bo today');
      await rename.press('Enter');
      await expect(section.getByRole('checkbox', { name: 'Call Bo today', exact: true })).toBeVisible();

      // Tick.
      await section.getByRole('checkbox', { name: 'Buy milk', exact: true }).check();
      await expect(section.getByText('1 of 2 done', { exact: true })).toBeVisible();
      expect(await storedItems(page, '2')).toEqual(['[x] Buy milk', '[ ] Call Bo today']);

      // Reorder from the keyboard: focus stays on the item's move buttons.
      await section.getByRole('button', { name: 'Move "Call Bo today" up', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(itemLabels(page)).toHaveText(['Call Bo today', 'Buy milk']);
      await expect(section.locator('p[role="status"]')).toHaveText(
        '"Call Bo today" moved to position 1 of 2.',
      );
      await expect(
        section.getByRole('button', { name: 'Move "Call Bo today" up', exact: true }),
      ).toBeDisabled();
      await expect(
        section.getByRole('button', { name: 'Move "Call Bo today" down', exact: true }),
      ).toBeFocused();
      expect(await storedItems(page, '2')).toEqual(['[ ] Call Bo today', '[x] Buy milk']);

      // The board card shows the count, and says it in words.
      await page.keyboard.press('Escape');
      await expect(view(page)).toBeHidden();
      const card = page.locator('#task-card-2');
      await expect(card.getByText('1/2', { exact: true })).toBeVisible();
      await expect(card.getByText('Checklist: 1 of 2 done', { exact: true })).toBeAttached();

      // A reload keeps it all.
      await page.reload();
      await page.locator('#task-card-2').click();
      await expect(itemLabels(page)).toHaveText(['Call Bo today', 'Buy milk']);
      await expect(checklist(page).getByRole('checkbox', { name: 'Buy milk' })).toBeChecked();

      // Delete: focus goes to the neighbour.
      await checklist(page).getByRole('button', { name: 'Delete item "Buy milk"', exact: true }).click();
      await expect(itemLabels(page)).toHaveText(['Call Bo today']);
      await expect(checklist(page).getByRole('checkbox', { name: 'Call Bo today' })).toBeFocused();
      expect(await storedItems(page, '2')).toEqual(['[ ] Call Bo today']);

      // The Create Tasks card shows it too.
      await page.goto('/user/userpage');
      const gridCard = page.getByRole('main').getByRole('article', { name: 'Review PR', exact: true });
      await expect(gridCard.getByText('0/1', { exact: true })).toBeVisible();
      await expect(gridCard.getByText('Checklist: 0 of 1 done', { exact: true })).toBeAttached();
    },
  );

  test(
    'a task without a checklist shows no count on its cards',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/dashboard', { json: { tasks: [PLAIN] } });
      const card = page.locator('#task-card-2');
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(card.getByText(/Checklist:/)).toHaveCount(0);
      await expect(card).toHaveText(/^Review PR/);
      expect(await card.textContent()).not.toMatch(/\d+\/\d+/);
    },
  );

  test(
    'items are reordered by dragging with the mouse',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openTaskAt(page, '/user/dashboard?task=5', [FIVE], 'Move house');
      const section = checklist(page);
      const row = (name: string) =>
        section.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) });
      // The whole list in view (the dialog scrolls), so that the drag does not scroll it.
      await section.getByRole('textbox', { name: 'Add an item', exact: true }).scrollIntoViewIfNeeded();
      const handle = row('Boxes').locator('span[aria-hidden="true"]').first();
      const from = (await handle.boundingBox())!;
      const boxes = (await row('Boxes').boundingBox())!;
      const keys = (await row('Keys').boundingBox())!;
      // The grip goes down by the distance between the two rows' centres: Boxes takes Keys' place.
      const x = from.x + from.width / 2;
      const y = from.y + from.height / 2;
      const down = keys.y + keys.height / 2 - (boxes.y + boxes.height / 2);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 10, { steps: 3 });
      await page.mouse.move(x, y + down, { steps: 10 });
      await page.mouse.up();
      await expect(itemLabels(page)).toHaveText(['Van', 'Keys', 'Boxes', 'Post', 'Clean']);
      await expect
        .poll(() => storedItems(page, '5'))
        .toEqual(['[ ] Van', '[ ] Keys', '[ ] Boxes', '[ ] Post', '[ ] Clean']);
    },
  );

  test(
    'with "Progress follows the checklist", ticking moves the card across the columns',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      // Dragged to Completed before: the switch hands the column back to the checklist.
      await openTaskAt(page, '/user/dashboard?task=5', [{ ...FIVE, column: 'Completed' }], 'Move house');
      const section = checklist(page);
      const follows = section.getByRole('checkbox', { name: 'Progress follows the checklist', exact: true });
      await expect(follows).toHaveAccessibleDescription(
        'Ticking an item sets the progress, and the board column follows it.',
      );
      await follows.check();
      await expect(view(page).getByRole('slider', { name: 'Progress' })).toBeDisabled();
      const tick = async (text: string) => section.getByRole('checkbox', { name: text, exact: true }).check();
      await tick('Boxes');
      await tick('Van');
      await expect(view(page).getByText('40% Completed', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expectCardIn(page, '5', 'To Do');
      await expect(page.locator('#task-card-5').getByText('2/5', { exact: true })).toBeVisible();

      await page.locator('#task-card-5').click();
      await tick('Keys');
      await expect(view(page).getByText('60% Completed', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expectCardIn(page, '5', 'In Progress');

      await page.locator('#task-card-5').click();
      await tick('Post');
      await tick('Clean');
      await page.keyboard.press('Escape');
      await expectCardIn(page, '5', 'Completed');
      const stored = await storedTaskById(page, '5');
      expect(stored).toMatchObject({ progress: 100, checklistProgress: true });
      expect(stored).not.toHaveProperty('column');

      // A reload keeps it; unticking moves it back.
      await page.reload();
      await expectCardIn(page, '5', 'Completed');
      await page.locator('#task-card-5').click();
      await checklist(page).getByRole('checkbox', { name: 'Clean', exact: true }).uncheck();
      await page.keyboard.press('Escape');
      await expectCardIn(page, '5', 'In Progress');
    },
  );

  test('axe finds no violations in the checklist, light and dark; nothing scrolls sideways', async ({
    memberPage: page,
  }) => {
    const long = {
      text: 'A long item that wraps on a narrow screen without pushing the buttons away',
      done: true,
      pos: 6,
    };
    await openTaskAt(
      page,
      '/user/dashboard?task=5',
      [{ ...FIVE, ck_long: long, checklistProgress: true }],
      'Move house',
    );
    const add = checklist(page).getByRole('textbox', { name: 'Add an item', exact: true });
    await add.fill(' ');
    await add.press('Enter');
    await expect(add).toHaveAccessibleDescription('Item text is required.');
    await checklist(page).getByRole('button', { name: 'Rename item "Van"', exact: true }).click();
    expect(await findAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const dialog = (await view(page).boundingBox())!;
    for (const row of await checklist(page).getByRole('listitem').all()) {
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
  });
});

test.describe('@one-width checklists with team sync on', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  const slow = expect.configure({ timeout: 15_000 });

  let server: AppProcess;
  let alice: Account;

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    alice = await registerAccount(server.base, 'Alice Checklist', uniqueEmail('alice-checklist'), 'user');
  });

  async function openView(device: Device, title: string) {
    await device.page.getByRole('main').getByRole('link', { name: title, exact: true }).click();
    await slow(view(device.page).getByRole('heading', { name: title, level: 2 })).toBeVisible();
  }

  async function doneMarks(page: Page, title: string): Promise<string[]> {
    const task = (await storedTask(page, title)) as unknown as Record<string, unknown>;
    return Object.entries(task)
      .filter(([field]) => field.startsWith('ck_'))
      .map(([, value]) => value as { text: string; done: boolean })
      .map((item) => `${item.done ? '[x]' : '[ ]'} ${item.text}`)
      .sort();
  }

  /**
   * Alice's laptop makes a task with `items` and keeps its view open; her phone opens it too (the
   * view's code loads on first open, and there is no service worker in these tests: online first).
   * Then both go offline.
   */
  async function twoDevicesOffline(browser: Browser, title: string, items: string[]) {
    const laptop = await openDeviceAt(server.base, browser, alice);
    await addTask(laptop.page, title, 'Two devices');
    await openView(laptop, title);
    const add = checklist(laptop.page).getByRole('textbox', { name: 'Add an item', exact: true });
    for (const item of items) {
      await add.fill(item);
      await add.press('Enter');
    }
    await slow(syncStatus(laptop.page)).toHaveText('Synced');

    const phone = await openDeviceAt(server.base, browser, alice);
    await phone.page.goto('/user/userpage');
    const phoneCard = phone.page.getByRole('main').getByRole('article', { name: title, exact: true });
    await slow(phoneCard.getByText(`0/${items.length}`, { exact: true })).toBeVisible();
    await slow(syncStatus(phone.page)).toHaveText('Synced');
    await openView(phone, title);

    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);
    return { laptop, phone };
  }

  /** The laptop comes back first, then the phone (its change is the later one). */
  async function backOnline({ laptop, phone }: { laptop: Device; phone: Device }) {
    await laptop.context.setOffline(false);
    await slow(syncStatus(laptop.page)).toHaveText('Synced');
    await phone.context.setOffline(false);
    await slow(syncStatus(phone.page)).toHaveText('Synced');
  }

  test('two devices offline tick different items; back online, both items are ticked on both', async ({
    browser,
  }) => {
    const title = 'Weekly shop';
    const { laptop, phone } = await twoDevicesOffline(browser, title, ['Milk', 'Eggs']);
    await checklist(laptop.page).getByRole('checkbox', { name: 'Milk', exact: true }).check();
    await slow(syncStatus(laptop.page)).toHaveText('Offline, 1 change waiting');
    await checklist(phone.page).getByRole('checkbox', { name: 'Eggs', exact: true }).check();
    await slow(syncStatus(phone.page)).toHaveText('Offline, 1 change waiting');
    await backOnline({ laptop, phone });

    for (const device of [laptop, phone]) {
      await slow.poll(() => doneMarks(device.page, title)).toEqual(['[x] Eggs', '[x] Milk']);
      await slow(checklist(device.page).getByRole('checkbox', { name: 'Milk', exact: true })).toBeChecked();
      await slow(checklist(device.page).getByRole('checkbox', { name: 'Eggs', exact: true })).toBeChecked();
      await device.page.keyboard.press('Escape');
      await slow(
        device.page
          .getByRole('main')
          .getByRole('article', { name: title, exact: true })
          .getByText('2/2', { exact: true }),
      ).toBeVisible();
      // Different items: nothing was replaced, so no marker.
      await expect(device.page.getByRole('button', { name: /replaced value/ })).toHaveCount(0);
    }
    await laptop.context.close();
    await phone.context.close();
  });

  test('the same item changed on two devices offline: the later change wins, the other is a replaced value', async ({
    browser,
  }) => {
    const title = 'Pantry';
    const { laptop, phone } = await twoDevicesOffline(browser, title, ['Milk']);
    await checklist(laptop.page).getByRole('button', { name: 'Rename item "Milk"', exact: true }).click();
    const rename = checklist(laptop.page).getByRole('textbox', { name: 'New text for "Milk"', exact: true });
    await rename.fill('Oat milk');
    await rename.press('Enter');
    await slow(syncStatus(laptop.page)).toHaveText('Offline, 1 change waiting');
    await checklist(phone.page).getByRole('checkbox', { name: 'Milk', exact: true }).check();
    await slow(syncStatus(phone.page)).toHaveText('Offline, 1 change waiting');
    await backOnline({ laptop, phone });

    const marker = (page: Page) =>
      page.getByRole('button', { name: `Review 1 replaced value of “${title}”`, exact: true });
    for (const device of [laptop, phone]) {
      await slow.poll(() => doneMarks(device.page, title)).toEqual(['[x] Milk']);
      await device.page.keyboard.press('Escape');
      await slow(marker(device.page)).toBeVisible();
    }
    await marker(laptop.page).click();
    const item = laptop.page.getByRole('dialog', { name: 'Replaced values' }).getByRole('listitem');
    await expect(item.getByRole('heading', { name: 'Checklist item "Oat milk"', exact: true })).toBeVisible();
    await expect(item.getByRole('definition')).toHaveText(['Oat milk (not done)', 'Milk (done)']);
    await laptop.context.close();
    await phone.context.close();
  });
});
