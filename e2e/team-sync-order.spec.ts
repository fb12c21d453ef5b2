/**
 * Order within a column with team sync on (docs/product.md#board): two people in two browsers each
 * move a different card of one column, one of them offline; once both have synced, each keeps their
 * move, on both screens and after a reload. And `+ Add task` in a column, title only, reaches the
 * person's other device in that column.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickUpWithKeyboard } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  assignTo,
  openDeviceAt,
  pushTasksAt,
  registerAccount,
  syncStatus,
  type Account,
} from './team-sync-helpers';

let server: AppProcess;
let alice: Account;
let bob: Account;

function column(page: Page, name: string): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

function titlesIn(page: Page, name: string): Promise<string[]> {
  return column(page, name).locator('h3').allTextContents();
}

/** A keyboard move within the column: `steps` places up (negative) or down, waiting for each. */
async function moveWithKeyboard(page: Page, title: string, from: number, to: number, size: number) {
  await page.locator('[aria-roledescription="draggable task"]').filter({ hasText: title }).focus();
  await pickUpWithKeyboard(page, `Task "${title}" is over the To Do column. Place ${from} of ${size}.`);
  const key = to < from ? 'ArrowUp' : 'ArrowDown';
  for (let place = from; place !== to;) {
    place += to < from ? -1 : 1;
    const announced = page.getByText(`Task "${title}" is over the To Do column. Place ${place} of ${size}.`);
    // An arrow pressed before dnd-kit has measured the cards does nothing: press until announced.
    await expect(async () => {
      await page.keyboard.press(key);
      await expect(announced).toBeAttached({ timeout: 1_000 });
    }).toPass();
  }
  await page.keyboard.press('Space');
  await expect(
    page.getByText(`Task "${title}" was dropped in the To Do column. Place ${to} of ${size}.`),
  ).toBeAttached();
}

test.describe('@one-width order within a column, two people', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    alice = await registerAccount(server.base, 'Alice Order', uniqueEmail('alice-order'), 'user');
    bob = await registerAccount(server.base, 'Bob Order', uniqueEmail('bob-order'), 'user');
    // A column placed by hand earlier: W, X, Y, Z.
    await pushTasksAt(
      server.base,
      alice,
      ['W', 'X', 'Y', 'Z'].map((title, index) => ({
        title: `Card ${title}`,
        ...assignTo(bob),
        progress: 0,
        rank: `a${index}`,
      })),
    );
  });

  test('Alice and Bob move different cards at once (Bob offline): both keep their move everywhere', async ({
    browser,
  }) => {
    const a = await openDeviceAt(server.base, browser, alice);
    const b = await openDeviceAt(server.base, browser, bob);
    const start = ['Card W', 'Card X', 'Card Y', 'Card Z'];
    for (const device of [a, b]) {
      await device.page.goto('/user/dashboard');
      await expect.poll(() => titlesIn(device.page, 'To Do'), { timeout: 20_000 }).toEqual(start);
    }

    await b.context.setOffline(true);
    await moveWithKeyboard(b.page, 'Card X', 2, 3, 4);
    await expect.poll(() => titlesIn(b.page, 'To Do')).toEqual(['Card W', 'Card Y', 'Card X', 'Card Z']);
    await moveWithKeyboard(a.page, 'Card Z', 4, 1, 4);
    await expect.poll(() => titlesIn(a.page, 'To Do')).toEqual(['Card Z', 'Card W', 'Card X', 'Card Y']);
    await expect(syncStatus(a.page)).toHaveText('Synced', { timeout: 20_000 });
    await b.context.setOffline(false);

    const merged = ['Card Z', 'Card W', 'Card Y', 'Card X'];
    for (const device of [a, b]) {
      await expect.poll(() => titlesIn(device.page, 'To Do'), { timeout: 30_000 }).toEqual(merged);
    }
    for (const device of [a, b]) {
      await expect(syncStatus(device.page)).toHaveText('Synced', { timeout: 20_000 });
      await device.page.reload();
      await expect.poll(() => titlesIn(device.page, 'To Do'), { timeout: 20_000 }).toEqual(merged);
    }
    // A move is no conflict to review.
    await expect(a.page.getByRole('button', { name: /Review \d+ replaced value/ })).toHaveCount(0);

    // Bob adds a task at the foot of In Progress with its title only: his other device gets it there.
    const doing = column(b.page, 'In Progress');
    await doing.getByRole('button', { name: 'Add task', exact: true }).click();
    await doing.getByRole('textbox', { name: 'Title of a new task in In Progress' }).fill('Card from Bob');
    await b.page.keyboard.press('Enter');
    await expect(doing.getByRole('heading', { name: 'Card from Bob' })).toBeVisible();
    await expect(syncStatus(b.page)).toHaveText('Synced', { timeout: 20_000 });
    const phone = await openDeviceAt(server.base, browser, bob);
    await phone.page.goto('/user/dashboard');
    await expect(
      column(phone.page, 'In Progress').getByRole('heading', { name: 'Card from Bob' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await phone.context.close();
    await a.context.close();
    await b.context.close();
  });
});
