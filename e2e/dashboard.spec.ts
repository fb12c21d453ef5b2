import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  findAxeViolations,
  openWith,
  pickUpWithKeyboard,
  readStoredJson,
  type StoredTask,
} from './page-helpers';
import { memberSession, signIn } from './session-helpers';

/** The fixed "now" of these tests (local time): a Tuesday. */
const NOW = new Date('2026-03-10T10:00:00');
const TODAY = '2026-03-10';
const TOMORROW = '2026-03-11';

const TASKS: StoredTask[] = [
  {
    id: '1',
    title: 'Write release notes',
    description: 'For v2',
    priority: 'High',
    deadline: TODAY,
    progress: 10,
  },
  {
    id: '2',
    title: 'Review PR',
    description: 'The migration',
    priority: 'Medium',
    deadline: TOMORROW,
    progress: 50,
  },
  {
    id: '3',
    title: 'Plan sprint',
    description: 'Backlog',
    priority: 'Low',
    deadline: '2026-03-20',
    progress: 90,
  },
];

function column(page: Page, name: 'To Do' | 'In Progress' | 'Completed'): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

function card(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(title) });
}

async function openDashboard(page: Page, tasks: StoredTask[] = TASKS, extra: Record<string, unknown> = {}) {
  await page.clock.setFixedTime(NOW);
  await openWith(page, '/user/dashboard', { tasks, json: extra });
  // Generous: the first load of a cold production page on a busy 2-core machine can take seconds.
  await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
}

/** Stands in for the chime: each `play()` records the sound's address instead (see `soundsPlayed`). */
async function recordSoundsPlayed(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    };
  });
}

function soundsPlayed(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { played: string[] }).played);
}

test.describe('dashboard board', () => {
  test(
    'shows the three columns with cards placed by progress, each with its deadline and priority',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page);
      await expect(column(page, 'To Do').getByText('Write release notes')).toBeVisible();
      await expect(column(page, 'In Progress').getByText('Review PR')).toBeVisible();
      await expect(column(page, 'Completed').getByText('Plan sprint')).toBeVisible();
      const first = column(page, 'To Do').getByRole('button', { name: /Write release notes/ });
      await expect(first).toContainText('For v2');
      await expect(first).toContainText(`Deadline: ${TODAY}`);
      await expect(first).toContainText('High priority');
      // Colour by priority (High red, Medium yellow, Low green), on top of the text.
      const colours = await Promise.all(
        ['Write release notes', 'Review PR', 'Plan sprint'].map((title) =>
          card(page, title).evaluate((element) => getComputedStyle(element).borderLeftColor),
        ),
      );
      expect(new Set(colours).size).toBe(3);
      // Same priority, same colour.
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: /Write release notes/ })
            .evaluate((element) => getComputedStyle(element).backgroundColor),
        )
        .not.toBe(
          await card(page, 'Plan sprint').evaluate((element) => getComputedStyle(element).backgroundColor),
        );
    },
  );

  test(
    'thresholds: 40 To Do, 41 and 80 In Progress, 81 Completed',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page, [
        { id: 'a', title: 'Forty', progress: 40, deadline: '2026-04-01' },
        { id: 'b', title: 'Forty-one', progress: 41, deadline: '2026-04-01' },
        { id: 'c', title: 'Eighty', progress: 80, deadline: '2026-04-01' },
        { id: 'd', title: 'Eighty-one', progress: 81, deadline: '2026-04-01' },
      ]);
      await expect(column(page, 'To Do').getByText('Forty', { exact: true })).toBeVisible();
      await expect(column(page, 'In Progress').getByText('Forty-one')).toBeVisible();
      await expect(column(page, 'In Progress').getByText('Eighty', { exact: true })).toBeVisible();
      await expect(column(page, 'Completed').getByText('Eighty-one')).toBeVisible();
    },
  );

  test('a mouse drag moves a card, saves at once with progress unchanged, and survives a reload', async ({
    memberPage: page,
  }) => {
    await openDashboard(page);
    const source = card(page, 'Write release notes');
    const target = column(page, 'Completed');
    // Both in view on a 360 px screen too (the columns stacked, each with its `Add task` at the foot):
    // the card just under the sticky header.
    await source.evaluate((node) => window.scrollBy(0, node.getBoundingClientRect().top - 80));
    const from = (await source.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    // dnd-kit scrolls the page while the pointer is near an edge (the card starts near the top on a
    // 360 px screen): aim at where the column is now, again once the page has stopped moving.
    let to = (await target.boundingBox())!;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    for (let settled = false; !settled;) {
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const now = (await target.boundingBox())!;
      settled = Math.abs(now.y - to.y) < 1;
      to = now;
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 2 });
    }
    await page.mouse.up();

    await expect(column(page, 'Completed').getByText('Write release notes')).toBeVisible();
    await expect(column(page, 'To Do').getByText('Write release notes')).toHaveCount(0);
    const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
    expect(stored?.find((task) => task.id === '1')).toMatchObject({ progress: 10, column: 'Completed' });

    await page.reload();
    await expect(column(page, 'Completed').getByText('Write release notes')).toBeVisible();
    await expect(page.getByText('To Do: 0 tasks, In Progress: 1 task, Completed: 2 tasks')).toBeVisible();
  });

  test('a touch drag: hold the card for a moment, then slide it to another column', async ({ browser }) => {
    // A touch screen: the touch sensor waits 200 ms before a drag starts, so a finger can still scroll.
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, memberSession());
    await openDashboard(page);
    const source = card(page, 'Write release notes');
    const target = column(page, 'In Progress');
    await target.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height - 20 };
    await touch('touchStart', start.x, start.y);
    await page.waitForTimeout(350);
    for (let step = 1; step <= 12; step++) {
      await touch(
        'touchMove',
        start.x + ((end.x - start.x) * step) / 12,
        start.y + ((end.y - start.y) * step) / 12,
      );
    }
    await touch('touchEnd');

    await expect(column(page, 'In Progress').getByText('Write release notes')).toBeVisible();
    const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
    expect(stored?.find((task) => task.id === '1')).toMatchObject({ progress: 10, column: 'In Progress' });
    await context.close();
  });

  test('a keyboard-only drag: Space picks up, arrows choose the column, Space drops; Escape cancels', async ({
    memberPage: page,
  }) => {
    await openDashboard(page);
    const source = card(page, 'Write release notes');
    await source.focus();
    // The live region keeps only the latest announcement: picked up, then over its own column.
    await pickUpWithKeyboard(page, 'Task "Write release notes" is over the To Do column.');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Task "Write release notes" is over the In Progress column.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(column(page, 'In Progress').getByText('Write release notes')).toBeVisible();
    await expect(
      page.getByText('Task "Write release notes" was dropped in the In Progress column.'),
    ).toBeAttached();
    expect((await readStoredJson<StoredTask[]>(page, 'tasks'))?.[0]).toMatchObject({
      progress: 10,
      column: 'In Progress',
    });

    // Escape leaves the card where it was.
    const moved = card(page, 'Review PR');
    await moved.focus();
    await pickUpWithKeyboard(page, 'Task "Review PR" is over the In Progress column.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(column(page, 'In Progress').getByText('Review PR')).toBeVisible();
    expect((await readStoredJson<StoredTask[]>(page, 'tasks'))?.[1]).not.toHaveProperty('column');
  });

  test(
    'dropping a card back where its progress puts it clears the saved column',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page, [
        { id: '1', title: 'Dragged earlier', progress: 10, deadline: '2026-04-01', column: 'Completed' },
      ]);
      await expect(column(page, 'Completed').getByText('Dragged earlier')).toBeVisible();
      await card(page, 'Dragged earlier').focus();
      // Space picks a card up (Enter opens it); Enter or Space drops it.
      await page.keyboard.press('Space');
      await expect(page.getByText('Task "Dragged earlier" is over the Completed column.')).toBeAttached();
      // An arrow pressed before dnd-kit has measured the columns (a frame or two after the pick-up, more
      // on a busy machine) does nothing: press until the card is over To Do. It is the leftmost column,
      // so a press too many changes nothing.
      await expect(async () => {
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByText('Task "Dragged earlier" is over the To Do column.')).toBeAttached({
          timeout: 1_000,
        });
      }).toPass();
      await page.keyboard.press('Enter');
      await expect(column(page, 'To Do').getByText('Dragged earlier')).toBeVisible();
      expect((await readStoredJson<StoredTask[]>(page, 'tasks'))?.[0]).not.toHaveProperty('column');
    },
  );
  test(
    'a long column shows 20 cards, then grows 20 at a time on request; the count names them all',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const many: StoredTask[] = Array.from({ length: 45 }, (_, index) => ({
        id: String(100 + index),
        title: `Bulk task ${index + 1}`,
        description: 'Part of a long list',
        priority: 'Low',
        deadline: '2026-04-01',
        progress: 0,
      }));
      await openDashboard(page, many);
      const toDo = column(page, 'To Do');
      await expect(toDo.getByRole('heading', { name: /To Do/ })).toContainText('45 tasks');
      await expect(toDo.getByRole('listitem')).toHaveCount(20);
      await toDo.getByRole('button', { name: 'Show 20 more (25 not shown)' }).click();
      await expect(toDo.getByRole('listitem')).toHaveCount(40);
      await toDo.getByRole('button', { name: 'Show 5 more (5 not shown)' }).click();
      await expect(toDo.getByRole('listitem')).toHaveCount(45);
      await expect(toDo.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0);
      await expect(toDo.getByText('Bulk task 45')).toBeVisible();
    },
  );
});

test.describe('dashboard load', () => {
  test(
    'deadline toasts: red for today, yellow for tomorrow, none for later; gone after 5 s',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page);
      const today = page.getByText('🚨 Task Due Today: "Write release notes"');
      const tomorrow = page.getByText('⏳ Task Due Tomorrow: "Review PR"');
      const toastOf = (text: Locator) => page.locator('[data-sonner-toast]').filter({ has: text });
      // Checked while the toasts are up (they last 5 s): red (error style) today, yellow (warning) tomorrow.
      await expect(toastOf(today)).toHaveAttribute('data-type', 'error');
      await expect(toastOf(tomorrow)).toHaveAttribute('data-type', 'warning');
      await expect(page.getByText(/Task Due .*Plan sprint/)).toHaveCount(0);
      const toaster = page.locator('[data-sonner-toaster]');
      await expect(toaster).toHaveAttribute('data-y-position', 'top');
      await expect(toaster).toHaveAttribute('data-x-position', 'right');
      // Move the mouse away so that hovering does not pause them, then wait out the 5000 ms.
      await page.mouse.move(5, 700);
      await expect(today).toHaveCount(0, { timeout: 9_000 });
    },
  );

  test(
    'deadline toasts wait while the window has lost focus, then time out',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page, [TASKS[0]!]);
      const today = page.getByText('🚨 Task Due Today: "Write release notes"');
      await expect(today).toBeVisible();
      await page.mouse.move(5, 700);
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await page.waitForTimeout(6_500);
      await expect(today).toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(today).toHaveCount(0, { timeout: 9_000 });
    },
  );

  test(
    'the page opens scrolled to the top and plays the chime when something is due',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await recordSoundsPlayed(page);
      await openDashboard(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect
        .poll(() => soundsPlayed(page))
        .toEqual([expect.stringMatching(/\/sounds\/notification\.wav$/)]);
    },
  );

  test(
    'many tasks due: three toasts of their own, today first, then one summary linking to Notifications',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await recordSoundsPlayed(page);
      // 40 tasks due, tomorrow and today in turn: 'Due task 1' tomorrow, 'Due task 2' today, ...
      const due: StoredTask[] = Array.from({ length: 40 }, (_, index) => ({
        id: String(500 + index),
        title: `Due task ${index + 1}`,
        description: 'Due soon',
        priority: 'Medium',
        deadline: index % 2 === 0 ? TOMORROW : TODAY,
        progress: 0,
      }));
      await openDashboard(page, [...due, TASKS[2]!]);
      const summaryText = '…and 37 more tasks are due today or tomorrow.';
      const summary = page.locator('[data-sonner-toast]').filter({ has: page.getByText(summaryText) });
      await expect(summary).toBeVisible();
      // Alt+T expands the stack and moves focus into it; expanded toasts wait instead of timing out.
      await page.keyboard.press('Alt+KeyT');
      await expect(page.locator('[data-sonner-toaster]')).toBeFocused();

      const toasts = page.locator('[data-sonner-toast]');
      await expect(toasts).toHaveCount(4);
      for (const title of ['Due task 2', 'Due task 4', 'Due task 6']) {
        const toast = toasts.filter({
          has: page.getByText(`🚨 Task Due Today: "${title}"`, { exact: true }),
        });
        await expect(toast).toHaveCount(1);
        await expect(toast).toHaveAttribute('data-type', 'error');
        await expect(toast).toBeVisible();
      }
      await expect(page.getByText(/Task Due (Today|Tomorrow)/)).toHaveCount(3);
      await expect(summary).toHaveCount(1);
      expect(await findAxeViolations(page)).toEqual([]);
      // One chime for all of them.
      expect(await soundsPlayed(page)).toHaveLength(1);

      // The summary's link, reached with the keyboard, opens the full list.
      const link = summary.getByRole('link', { name: 'View all' });
      await expect(link).toHaveAttribute('href', '/user/notifications');
      for (let press = 0; press < 6; press++) {
        if (await link.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(link).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/user\/notifications$/);
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(40);
    },
  );

  test('no toast and no chime when nothing is due', { tag: '@one-width' }, async ({ memberPage: page }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = function play() {
        document.body.dataset.played = 'yes';
        return Promise.resolve();
      };
    });
    await openDashboard(page, [TASKS[2]!]);
    await page.waitForTimeout(500);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.dataset.played)).toBeUndefined();
  });

  test(
    'Task Analytics charts the count per column and says it in text',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page);
      await expect(page.getByRole('heading', { name: 'Task Analytics' })).toBeVisible();
      await expect(page.getByText('To Do: 1 task, In Progress: 1 task, Completed: 1 task')).toBeVisible();
      await page.getByRole('heading', { name: 'Task Analytics' }).scrollIntoViewIfNeeded();
      await expect(page.locator('.recharts-bar-rectangle')).toHaveCount(3);
    },
  );

  test(
    'offline, the chart’s code cannot be fetched: the page keeps working and says the counts in text',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      // Twenty cards in To Do put the chart far below the first screen, so its code is not fetched yet.
      const many: StoredTask[] = Array.from({ length: 20 }, (_, index) => ({
        id: String(100 + index),
        title: `Offline task ${index + 1}`,
        description: 'Waiting',
        priority: 'Low',
        deadline: '2026-03-20',
        progress: 0,
      }));
      await openDashboard(page, many);
      await expect(page.locator('.recharts-bar-rectangle')).toHaveCount(0);
      // The chart is fetched only when it comes near the viewport: offline, that fetch fails.
      await page.context().setOffline(true);
      const analytics = page.getByRole('region', { name: 'Task Analytics' });
      await analytics.scrollIntoViewIfNeeded();
      await expect(
        analytics.getByText('To Do: 20 tasks, In Progress: 0 tasks, Completed: 0 tasks'),
      ).toBeVisible();
      // Whatever the failed fetch did has happened by the time the notes below can be typed in.
      const notes = page.getByPlaceholder('Write your notes here...');
      await notes.fill('Written offline');
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await expect(page.getByText('This page couldn’t load')).toHaveCount(0);
      await expect(page.locator('.recharts-bar-rectangle')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible();
      await page.context().setOffline(false);
    },
  );

  test(
    'notes autosave with a visible Saved state and survive a reload',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openDashboard(page, TASKS, { notes: 'Earlier note' });
      const notes = page.getByPlaceholder('Write your notes here...');
      await expect(notes).toHaveValue('Earlier note');
      await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible();
      await notes.fill('Call the client on Friday');
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      expect(await readStoredJson(page, 'notes')).toBe('Call the client on Friday');
      await page.reload();
      await expect(page.getByPlaceholder('Write your notes here...')).toHaveValue(
        'Call the client on Friday',
      );
    },
  );

  test(
    'a notes value stored raw by the old app (not JSON) is read as text',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await page.clock.setFixedTime(NOW);
      await openWith(page, '/user/dashboard', { raw: { notes: 'plain old text' } });
      await expect(page.getByPlaceholder('Write your notes here...')).toHaveValue('plain old text');
    },
  );
});
