/**
 * Repeating tasks (docs/product.md#repeating-tasks): the Repeat section of the task view, the next
 * occurrence made once when the task is completed, the calendar's lighter next event, axe in both
 * themes at both widths; and with team sync on, two devices completing the same task offline.
 */
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, type StoredTask, readTeamTasks } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
  openDeviceAt,
  pullAll,
  registerAccount,
  storedTask,
  syncStatus,
  type Account,
  type Device,
} from './team-sync-helpers';
import type { Locator, Page } from '@playwright/test';

type RepeatingTask = StoredTask & { repeat?: unknown; repeatedAs?: string; createdAt?: string };

/** yyyy-mm-dd of day `day` of the current month (so the calendar's first month shows it). */
function thisMonth(day: number): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(day)}`;
}

const TITLE = 'Water the plants';

function taskView(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

async function storedTasks(page: Page): Promise<RepeatingTask[]> {
  return (await readStoredJson<RepeatingTask[]>(page, 'tasks')) ?? [];
}

/** Team mode's tasks on the device (IndexedDB). */
async function teamTasks(page: Page): Promise<RepeatingTask[]> {
  return (await readTeamTasks<RepeatingTask>(page)) ?? [];
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    };
  });
  expect(overflow).toEqual({ page: 0, dialog: 0 });
}

test.describe('repeating tasks', () => {
  test(
    'set weekly in the task view, complete it: the next one appears once, and the calendar shows the one after',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const deadline = thisMonth(1);
      await openWith(page, '/user/dashboard?task=1', {
        tasks: [
          {
            id: '1',
            title: TITLE,
            description: 'All of them',
            deadline,
            progress: 20,
            assignedTo: 'Mira Member',
          },
        ],
      });
      const view = taskView(page, TITLE);
      await expect(view).toBeVisible();

      const repeat = view.getByRole('combobox', { name: 'Repeat', exact: true });
      await expect(repeat).toHaveValue('Never');
      expect(await repeat.locator('option').allTextContents()).toEqual([
        'Never',
        'Daily',
        'Weekly',
        'Monthly',
        'Yearly',
        'Every N days',
      ]);
      await expect(view.getByRole('group', { name: 'Counted from' })).toHaveCount(0);

      // Every N days: a number field with its message when out of range.
      await repeat.selectOption('Every N days');
      const days = view.getByRole('spinbutton', { name: 'Number of days' });
      await expect(days).toHaveValue('2');
      await days.fill('400');
      await expect(
        view.getByText('Enter a whole number of days from 1 to 365.', { exact: true }),
      ).toBeVisible();
      await expect(days).toHaveAttribute('aria-invalid', 'true');
      expect((await storedTasks(page))[0]!.repeat).toEqual({ every: 'day', interval: 2, from: 'deadline' });
      await days.fill('3');
      await expect(view.getByText('Enter a whole number of days from 1 to 365.')).toHaveCount(0);
      await expect(view.getByText(`Next: ${thisMonth(4)}`, { exact: true })).toBeVisible();

      await repeat.selectOption('Weekly');
      const countedFrom = view.getByRole('group', { name: 'Counted from' });
      await expect(countedFrom.getByRole('radio', { name: 'The deadline', exact: true })).toBeChecked();
      await expect(
        countedFrom.getByRole('radio', { name: 'The day it is completed', exact: true }),
      ).not.toBeChecked();
      await expect(view.getByText(`Next: ${thisMonth(8)}`, { exact: true })).toBeVisible();
      await expect
        .poll(async () => (await storedTasks(page))[0]!.repeat)
        .toEqual({
          every: 'week',
          interval: 1,
          from: 'deadline',
        });
      await expectNoSidewaysScroll(page);
      expect(await findAxeViolations(page)).toEqual([]);

      // Completed from the view's slider: one next task, announced.
      await view.getByRole('slider', { name: 'Progress' }).fill('100');
      await expect(page.getByText(`Next "${TITLE}" is due ${thisMonth(8)}.`, { exact: true })).toBeVisible();
      await expect(view.getByText('Its next occurrence is made.', { exact: true })).toBeVisible();
      let tasks = await storedTasks(page);
      expect(tasks).toHaveLength(2);
      expect(tasks[1]).toMatchObject({
        title: TITLE,
        description: 'All of them',
        deadline: thisMonth(8),
        progress: 0,
        assignedTo: 'Mira Member',
        repeat: { every: 'week', interval: 1, from: 'deadline' },
      });
      expect(tasks[1]).not.toHaveProperty('repeatedAs');
      expect(tasks[0]).toMatchObject({ progress: 100, repeatedAs: tasks[1]!.id });

      // Reopened and completed again: no other.
      await view.getByRole('slider', { name: 'Progress' }).fill('50');
      await view.getByRole('slider', { name: 'Progress' }).fill('100');
      await expect.poll(async () => (await storedTasks(page))[0]!.progress).toBe(100);
      tasks = await storedTasks(page);
      expect(tasks).toHaveLength(2);
      await page.keyboard.press('Escape');
      await expect(view).toHaveCount(0);
      await expect(
        page.locator('[aria-roledescription="draggable task"]').filter({ hasText: TITLE }),
      ).toHaveCount(2);

      // The calendar: the new task's deadline, and its own next occurrence as a lighter event.
      await page.goto('/user/calendar');
      const next = page.locator('.fc-event.tl-event-next');
      await expect(next).toHaveCount(1);
      await expect(next).toHaveText(`${TITLE} (next)`);
      await expect(page.locator(`td[data-date="${thisMonth(15)}"] .tl-event-next`)).toHaveCount(1);
      await expect(page.locator(`td[data-date="${thisMonth(8)}"] .fc-event`)).toHaveText(TITLE);
      await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
        'Deadline',
        'Event',
        'Next occurrence',
      ]);
      const colours = await next.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, border: style.borderTopStyle };
      });
      const deadlineColour = await page
        .locator(`td[data-date="${thisMonth(8)}"] .fc-event`)
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(colours.border).toBe('dashed');
      expect(colours.background).not.toBe(deadlineColour);
      expect(await findAxeViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      // The next occurrence opens the task that will make it.
      await next.click();
      await expect(taskView(page, TITLE)).toBeVisible();
      await expect(taskView(page, TITLE).getByText(`Next: ${thisMonth(15)}`, { exact: true })).toBeVisible();
    },
  );

  test('@one-width counted from the completion day; Never stops it; a task without a rule makes nothing', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/dashboard?task=1', {
      tasks: [
        { id: '1', title: 'Review', description: 'Weekly', deadline: '', progress: 0 },
        { id: '2', title: 'Plain', description: 'Once', deadline: thisMonth(2), progress: 0 },
      ],
    });
    const view = taskView(page, 'Review');
    await view.getByRole('combobox', { name: 'Repeat' }).selectOption('Monthly');
    await view.getByRole('group', { name: 'Counted from' }).getByText('The day it is completed').click();
    await expect
      .poll(async () => (await storedTasks(page))[0]!.repeat)
      .toEqual({
        every: 'month',
        interval: 1,
        from: 'completion',
      });
    await expect(view.getByText(/^Next: \d{4}-\d{2}-\d{2}, if completed today$/)).toBeVisible();
    await view.getByRole('combobox', { name: 'Repeat' }).selectOption('Never');
    await expect.poll(async () => (await storedTasks(page))[0]).not.toHaveProperty('repeat');
    await expect(view.getByText(/^Next:/)).toHaveCount(0);
    await view.getByRole('slider', { name: 'Progress' }).fill('100');
    await page.keyboard.press('Escape');
    await page.goto('/user/dashboard?task=2');
    await taskView(page, 'Plain').getByRole('slider', { name: 'Progress' }).fill('100');
    await expect.poll(async () => (await storedTasks(page))[1]!.progress).toBe(100);
    expect(await storedTasks(page)).toHaveLength(2);
    await expect(page.getByText(/^Next ".*" is due/)).toHaveCount(0);
  });
});

test('@one-width the admin’s Mark as Completed makes the next occurrence too, once', async ({
  adminPage: page,
}) => {
  await openWith(page, '/admin/manage-tasks', {
    json: {
      tasks: [
        {
          id: '1',
          title: 'Pay rent',
          description: 'Transfer',
          deadline: '2027-01-31',
          progress: 10,
          repeat: { every: 'month', interval: 1, from: 'deadline' },
        },
      ],
    },
  });
  const pending = page.getByRole('table', { name: 'Pending Tasks' });
  await pending
    .getByRole('row', { name: /Pay rent/ })
    .getByRole('button', { name: '✅ Mark as Completed' })
    .click();
  await expect(page.getByText('Next "Pay rent" is due 2027-02-28.', { exact: true })).toBeVisible();
  await expect(page.getByText('"Pay rent" marked as completed.', { exact: true })).toBeVisible();
  const tasks = await storedTasks(page);
  expect(tasks.map((task) => [task.deadline, task.progress, task.status])).toEqual([
    ['2027-01-31', 100, 'Completed'],
    ['2027-02-28', 0, undefined],
  ]);
  expect(tasks[1]!.repeat).toEqual({ every: 'month', interval: 1, from: 'deadline', anchor: 31 });
  await expect(pending.getByRole('row', { name: /Pay rent/ })).toHaveCount(1);
});

test.describe('@one-width repeating tasks with team sync on', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: AppProcess;
  let alice: Account;

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    alice = await registerAccount(server.base, 'Alice Repeat', uniqueEmail('alice-repeat'), 'user');
  });

  test('two devices complete the same repeating task offline: one next task on both after reconnecting', async ({
    browser,
  }) => {
    const laptop: Device = await openDeviceAt(server.base, browser, alice);
    await addTask(laptop.page, 'Standup notes', 'Every week');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    const { uid } = await storedTask(laptop.page, 'Standup notes');
    await laptop.page.goto(`/user/dashboard?task=${uid}`);
    const laptopView = taskView(laptop.page, 'Standup notes');
    await laptopView.getByRole('combobox', { name: 'Repeat' }).selectOption('Weekly');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');

    const phone: Device = await openDeviceAt(server.base, browser, alice);
    await phone.page.goto(`/user/dashboard?task=${uid}`);
    const phoneView = taskView(phone.page, 'Standup notes');
    await expect(phoneView.getByRole('combobox', { name: 'Repeat' })).toHaveValue('Weekly', {
      timeout: 15_000,
    });
    await expect(syncStatus(phone.page)).toHaveText('Synced');

    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);
    await laptopView.getByRole('slider', { name: 'Progress' }).fill('100');
    await phoneView.getByRole('slider', { name: 'Progress' }).fill('100');
    for (const device of [laptop, phone]) {
      await expect(
        device.page.getByText('Next "Standup notes" is due 2099-01-08.', { exact: true }),
      ).toBeVisible();
      // Stored in the background (IndexedDB): polled.
      await expect.poll(async () => (await teamTasks(device.page)).length).toBe(2);
    }

    await laptop.context.setOffline(false);
    await phone.context.setOffline(false);
    await expect(syncStatus(laptop.page)).toHaveText('Synced', { timeout: 15_000 });
    await expect(syncStatus(phone.page)).toHaveText('Synced', { timeout: 15_000 });
    const live = (await pullAll(server.base, alice)).filter(
      (task) => !task.deleted && task.data.title === 'Standup notes',
    );
    expect(live.map((task) => task.data.deadline).sort()).toEqual(['2099-01-01', '2099-01-08']);
    const nextUid = live.find((task) => task.data.deadline === '2099-01-08')!.uid;
    for (const device of [laptop, phone]) {
      await expect
        .poll(async () =>
          (await teamTasks(device.page)).map((task) => ({
            deadline: task.deadline,
            progress: task.progress,
            uid: task.uid,
            repeatedAs: task.repeatedAs,
          })),
        )
        .toEqual([
          { deadline: '2099-01-01', progress: 100, uid, repeatedAs: nextUid },
          { deadline: '2099-01-08', progress: 0, uid: nextUid, repeatedAs: undefined },
        ]);
    }
    // Nothing was replaced: the two devices wrote the same next task.
    for (const taskUid of [uid!, nextUid]) {
      const response = await fetch(`${server.base}/api/sync/conflicts?uid=${taskUid}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { conflicts: unknown[] }).conflicts).toEqual([]);
    }
    await laptop.context.close();
    await phone.context.close();
  });
});
