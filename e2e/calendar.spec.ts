import type { Locator, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  fillStorageQuota,
  findAxeViolations,
  openWith,
  readStoredJson,
  storeData,
  type StoredData,
} from './page-helpers';

/**
 * The member calendar (/user/calendar; docs/product.md#calendar). Tasks' deadlines show as red all-day
 * events, events added here (range selection + prompt/confirm, or the 'Add an event' form) are stored under
 * `calendarEvents`. The clock is fixed on Tuesday 10 March 2026 so every view shows the same dates.
 */

const NOW = new Date('2026-03-10T10:00:00');
const RED = 'rgb(220, 38, 38)';
const BLUE = 'rgb(37, 99, 235)';
const TITLE_PROMPT = 'Enter event title:';
const DEADLINE_CONFIRM =
  'Is this a deadline? Press OK for a deadline (red) or Cancel for a regular event (blue).';

type StoredEvent = { title: string; start: string; end?: string; type: string; allDay?: boolean };

const SEED: StoredData = {
  tasks: [
    { id: '1', title: 'Ship report', description: 'Quarterly', deadline: '2026-03-12' },
    { id: '2', title: 'Someday task', description: 'No date', deadline: '' },
    { id: '3', title: 'Garbled task', description: 'Bad date', deadline: 'next week' },
  ],
  json: {
    calendarEvents: [
      { title: 'Team sync', start: '2026-03-16', type: 'event' },
      { title: 'Launch day', start: '2026-03-20', type: 'deadline' },
    ],
  },
};

test.beforeEach(async ({ page }) => {
  // Several steps per test, each waiting on FullCalendar's re-render: more than the default on 2 cores.
  test.setTimeout(60_000);
  await page.clock.setFixedTime(NOW);
});

/** FullCalendar's root element (its internals have no roles to select by). */
function calendarRoot(page: Page): Locator {
  return page.locator('.fc');
}

/** The heading FullCalendar renders in its toolbar: the visible date range. */
function calendarTitle(page: Page): Locator {
  return calendarRoot(page).getByRole('heading', { level: 2 });
}

/** The event element (the coloured block) showing `title`. */
function calendarEvent(page: Page, title: string): Locator {
  return calendarRoot(page).locator('.fc-event', { hasText: title });
}

function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

async function openCalendar(page: Page, options: StoredData = SEED): Promise<void> {
  await openWith(page, '/user/calendar', options);
  // FullCalendar arrives in its own chunk after the page: allow for a slow machine.
  await expect(calendarTitle(page)).toHaveText('March 2026', { timeout: 15_000 });
}

/** Answers the title prompt with `title` (null = Cancel) and the deadline question with `deadline`. */
function answerDialogs(page: Page, title: string | null, deadline: boolean): string[] {
  const seen: string[] = [];
  page.on('dialog', async (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    if (dialog.type() === 'prompt') {
      if (title === null) await dialog.dismiss();
      else await dialog.accept(title);
    } else if (dialog.type() === 'confirm') {
      if (deadline) await dialog.accept();
      else await dialog.dismiss();
    } else {
      await dialog.dismiss();
    }
  });
  return seen;
}

/** Presses the mouse on the day cell of `from` and releases it on the day cell of `to` (month view). */
async function dragSelectDays(page: Page, from: string, to: string): Promise<void> {
  const fromCell = calendarRoot(page).locator(`td.fc-daygrid-day[data-date="${from}"]`);
  const toCell = calendarRoot(page).locator(`td.fc-daygrid-day[data-date="${to}"]`);
  // The mouse only reaches what is on screen (the page and the calendar's own scroller may hide them).
  await toCell.scrollIntoViewIfNeeded();
  await fromCell.scrollIntoViewIfNeeded();
  const start = await fromCell.boundingBox();
  const end = await toCell.boundingBox();
  if (!start || !end) throw new Error(`day cells ${from} or ${to} not found`);
  // Low in the cell, below the day number and any event.
  await page.mouse.move(start.x + start.width / 2, start.y + start.height - 4);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height - 4, { steps: 8 });
  await page.mouse.up();
}

test(
  'shows the heading, task deadlines in red and stored events by type',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page);
    await expect(page).toHaveTitle(/Calendar/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('📅 Task & Deadline Calendar');

    await expect(calendarEvent(page, 'Ship report')).toBeVisible();
    expect(await backgroundOf(calendarEvent(page, 'Ship report'))).toBe(RED);
    await expect(
      calendarRoot(page).locator('td[data-date="2026-03-12"]').getByText('Ship report'),
    ).toBeVisible();

    await expect(calendarEvent(page, 'Team sync')).toBeVisible();
    expect(await backgroundOf(calendarEvent(page, 'Team sync'))).toBe(BLUE);
    await expect(calendarEvent(page, 'Launch day')).toBeVisible();
    expect(await backgroundOf(calendarEvent(page, 'Launch day'))).toBe(RED);

    // Tasks without a readable deadline are not on the calendar.
    await expect(page.getByText('Someday task')).toHaveCount(0);
    await expect(page.getByText('Garbled task')).toHaveCount(0);
  },
);

test('the calendar is 500 px high', { tag: '@one-width' }, async ({ memberPage: page }) => {
  await openCalendar(page);
  const box = await calendarRoot(page).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(499);
  expect(box?.height).toBeLessThanOrEqual(501);
});

test(
  'a placeholder of the same height stands in while FullCalendar loads',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await storeData(page, SEED);
    // Holds back the script holding FullCalendar's core (it marks the style element it injects).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_next/static/chunks/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('data-fullcalendar')) await released;
      await route.fulfill({ response, body });
    });
    await page.goto('/user/calendar');
    const placeholder = page.getByRole('main').getByRole('status').filter({ hasText: 'Loading calendar…' });
    await expect(placeholder).toBeVisible();
    expect((await placeholder.boundingBox())?.height).toBe(500);
    await expect(calendarRoot(page)).toHaveCount(0);

    release();
    await expect(calendarTitle(page)).toHaveText('March 2026', { timeout: 15_000 });
    await expect(placeholder).toHaveCount(0);
    await expect(calendarEvent(page, 'Ship report')).toBeVisible();
  },
);

test(
  'the view buttons switch between month, week, work week, day and agenda',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page);
    const headers = calendarRoot(page).locator('.fc-col-header-cell');
    const toolbar = calendarRoot(page).locator('.fc-header-toolbar');
    for (const label of ['today', 'Month', 'Week', 'Work week', 'Day', 'Agenda']) {
      await expect(toolbar.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expect(toolbar.getByRole('button', { name: /previous/i })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: /next/i })).toBeVisible();
    await expect(headers).toHaveCount(7);

    await toolbar.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(calendarTitle(page)).toHaveText('Mar 8 – 14, 2026');
    await expect(headers).toHaveCount(7);
    await expect(calendarRoot(page).locator('.fc-timegrid')).toBeVisible();
    await expect(calendarEvent(page, 'Ship report')).toBeVisible();

    await toolbar.getByRole('button', { name: 'Work week', exact: true }).click();
    await expect(headers).toHaveCount(5);
    await expect(headers.first()).toHaveAttribute('data-date', '2026-03-09');
    await expect(headers.last()).toHaveAttribute('data-date', '2026-03-13');
    await expect(headers).toHaveText([/Mon/, /Tue/, /Wed/, /Thu/, /Fri/]);
    await expect(calendarEvent(page, 'Ship report')).toBeVisible();

    await toolbar.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(calendarTitle(page)).toHaveText('March 10, 2026');
    await expect(headers).toHaveCount(1);
    await expect(calendarEvent(page, 'Ship report')).toHaveCount(0);

    await toolbar.getByRole('button', { name: 'Agenda', exact: true }).click();
    await expect(calendarTitle(page)).toHaveText('Mar 8 – 14, 2026');
    await expect(calendarRoot(page).locator('.fc-list')).toBeVisible();
    await expect(calendarRoot(page).getByText('Ship report')).toBeVisible();
    await expect(calendarRoot(page).getByText('Team sync')).toHaveCount(0);

    await toolbar.getByRole('button', { name: /next/i }).click();
    await expect(calendarTitle(page)).toHaveText('Mar 15 – 21, 2026');
    await expect(calendarRoot(page).getByText('Team sync')).toBeVisible();
    await expect(calendarRoot(page).getByText('Launch day')).toBeVisible();

    await toolbar.getByRole('button', { name: 'today', exact: true }).click();
    await expect(calendarTitle(page)).toHaveText('Mar 8 – 14, 2026');

    await toolbar.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(calendarTitle(page)).toHaveText('March 2026');
    await expect(calendarRoot(page).locator('.fc-daygrid-body')).toBeVisible();
  },
);

test(
  'selecting a range with the mouse and answering OK adds a red deadline',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page);
    const dialogs = answerDialogs(page, '  Offsite  ', true);
    await dragSelectDays(page, '2026-03-17', '2026-03-19');

    await expect(calendarEvent(page, 'Offsite')).toBeVisible();
    expect(dialogs).toEqual([`prompt: ${TITLE_PROMPT}`, `confirm: ${DEADLINE_CONFIRM}`]);
    expect(await backgroundOf(calendarEvent(page, 'Offsite'))).toBe(RED);
    const stored = await readStoredJson<StoredEvent[]>(page, 'calendarEvents');
    expect(stored?.at(-1)).toEqual({
      title: 'Offsite',
      start: '2026-03-17',
      end: '2026-03-20',
      type: 'deadline',
      allDay: true,
    });
    expect(stored).toHaveLength(3);
    // The selection highlight is gone once the event is added.
    await expect(calendarRoot(page).locator('.fc-highlight')).toHaveCount(0);
  },
);

test(
  'selecting a range and answering Cancel to the deadline question adds a blue event',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page, { tasks: [] });
    answerDialogs(page, 'Workshop', false);
    await dragSelectDays(page, '2026-03-24', '2026-03-25');

    await expect(calendarEvent(page, 'Workshop')).toBeVisible();
    expect(await backgroundOf(calendarEvent(page, 'Workshop'))).toBe(BLUE);
    expect(await readStoredJson(page, 'calendarEvents')).toEqual([
      { title: 'Workshop', start: '2026-03-24', end: '2026-03-26', type: 'event', allDay: true },
    ]);
  },
);

test(
  'a blank or cancelled title adds nothing and asks nothing more',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page, { tasks: [] });
    const blank = answerDialogs(page, '   ', true);
    await dragSelectDays(page, '2026-03-17', '2026-03-18');
    await expect.poll(() => blank.length).toBe(1);
    expect(blank).toEqual([`prompt: ${TITLE_PROMPT}`]);
    page.removeAllListeners('dialog');

    const cancelled = answerDialogs(page, null, true);
    await dragSelectDays(page, '2026-03-24', '2026-03-24');
    await expect.poll(() => cancelled.length).toBe(1);
    expect(cancelled).toEqual([`prompt: ${TITLE_PROMPT}`]);

    expect(await readStoredJson(page, 'calendarEvents')).toBeNull();
    await expect(calendarRoot(page).locator('.fc-event')).toHaveCount(0);
  },
);

test('the Add an event form works from the keyboard', { tag: '@one-width' }, async ({ memberPage: page }) => {
  await openCalendar(page, { tasks: [] });
  const form = page.getByRole('region', { name: 'Add an event' });
  await expect(form).toBeVisible();

  // Nothing typed: the title is asked for and nothing is stored.
  await form.getByRole('button', { name: 'Add Event' }).click();
  await expect(form.getByText('Enter a title.')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();

  await page.keyboard.type('Conference');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Start date')).toBeFocused();
  await form.getByLabel('Start date').fill('2026-03-24');
  await form.getByLabel('End date').focus();
  await form.getByLabel('End date').fill('2026-03-26');
  await form.getByLabel('This is a deadline').focus();
  await page.keyboard.press('Space');
  await expect(form.getByLabel('This is a deadline')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Add Event' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(form.getByRole('status')).toHaveText('Added "Conference" to the calendar.');
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(calendarEvent(page, 'Conference')).toBeVisible();
  expect(await backgroundOf(calendarEvent(page, 'Conference'))).toBe(RED);
  expect(await readStoredJson(page, 'calendarEvents')).toEqual([
    // FullCalendar's all-day end is exclusive: the day after the chosen last day.
    { title: 'Conference', start: '2026-03-24', end: '2026-03-27', type: 'deadline', allDay: true },
  ]);

  // One day, no end date, a regular event.
  await form.getByLabel('Title').fill('Dentist');
  await form.getByLabel('Start date').fill('2026-03-05');
  await form.getByLabel('Start date').press('Enter');
  await expect(calendarEvent(page, 'Dentist')).toBeVisible();
  expect(await backgroundOf(calendarEvent(page, 'Dentist'))).toBe(BLUE);
  const stored = await readStoredJson<StoredEvent[]>(page, 'calendarEvents');
  expect(stored?.at(-1)).toEqual({ title: 'Dentist', start: '2026-03-05', type: 'event', allDay: true });
});

test(
  'the form refuses an end date before the start date',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page, { tasks: [] });
    const form = page.getByRole('region', { name: 'Add an event' });
    await form.getByLabel('Title').fill('Backwards');
    await form.getByLabel('Start date').fill('2026-03-24');
    await form.getByLabel('End date').fill('2026-03-20');
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(form.getByText('The end date cannot be before the start date.')).toBeVisible();
    await expect(form.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(await readStoredJson(page, 'calendarEvents')).toBeNull();
  },
);

test('added events are still there after a reload', { tag: '@one-width' }, async ({ memberPage: page }) => {
  await openCalendar(page);
  answerDialogs(page, 'Retro', false);
  await dragSelectDays(page, '2026-03-26', '2026-03-26');
  await expect(calendarEvent(page, 'Retro')).toBeVisible();

  await page.reload();
  await expect(calendarTitle(page)).toHaveText('March 2026');
  await expect(calendarEvent(page, 'Retro')).toBeVisible();
  await expect(calendarEvent(page, 'Ship report')).toBeVisible();
  await expect(calendarEvent(page, 'Team sync')).toBeVisible();
});

test(
  'an event added in one tab appears in another without a reload',
  { tag: '@one-width' },
  async ({ memberPage: page, context }) => {
    await openCalendar(page, { tasks: [] });
    const other = await context.newPage();
    await other.goto('/user/calendar');
    await expect(calendarTitle(other)).toHaveText('March 2026');
    await expect(calendarEvent(other, 'Planning')).toHaveCount(0);

    const form = page.getByRole('region', { name: 'Add an event' });
    await form.getByLabel('Title').fill('Planning');
    await form.getByLabel('Start date').fill('2026-03-18');
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(calendarEvent(page, 'Planning')).toBeVisible();
    await expect(calendarEvent(other, 'Planning')).toBeVisible();

    // A task saved elsewhere shows up too.
    await other.evaluate(() =>
      localStorage.setItem(
        'tasks',
        JSON.stringify([{ id: '9', title: 'New task', description: 'x', deadline: '2026-03-19' }]),
      ),
    );
    await expect(calendarEvent(page, 'New task')).toBeVisible();
    expect(await backgroundOf(calendarEvent(page, 'New task'))).toBe(RED);
    await other.close();
  },
);

test(
  'unreadable calendarEvents data shows a notice and the calendar still works',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page, { tasks: SEED.tasks, raw: { calendarEvents: 'not json' } });
    await expect(page.getByRole('status').filter({ hasText: 'calendarEvents' })).toBeVisible();
    await expect(calendarEvent(page, 'Ship report')).toBeVisible();

    answerDialogs(page, 'Fresh start', true);
    await dragSelectDays(page, '2026-03-17', '2026-03-17');
    await expect(calendarEvent(page, 'Fresh start')).toBeVisible();
    expect(await readStoredJson<StoredEvent[]>(page, 'calendarEvents')).toHaveLength(1);
  },
);

test(
  'a full storage quota shows a toast and loses nothing',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openCalendar(page);
    await fillStorageQuota(page);
    const form = page.getByRole('region', { name: 'Add an event' });
    await form.getByLabel('Title').fill('Too much');
    await form.getByLabel('Start date').fill('2026-03-18');
    await form.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('Browser storage is full. Remove some data and try again.')).toBeVisible();
    // What was typed is still there for another try; the stored events are untouched.
    await expect(form.getByLabel('Title')).toHaveValue('Too much');
    await expect(calendarEvent(page, 'Too much')).toHaveCount(0);
    expect(await readStoredJson<StoredEvent[]>(page, 'calendarEvents')).toHaveLength(2);

    answerDialogs(page, 'Also too much', true);
    await dragSelectDays(page, '2026-03-25', '2026-03-25');
    await expect(calendarEvent(page, 'Ship report')).toBeVisible();
    await expect(calendarEvent(page, 'Also too much')).toHaveCount(0);
    expect(await readStoredJson<StoredEvent[]>(page, 'calendarEvents')).toHaveLength(2);
  },
);

test('no view scrolls the page sideways', async ({ memberPage: page }) => {
  await openCalendar(page);
  const toolbar = calendarRoot(page).locator('.fc-header-toolbar');
  for (const label of ['Month', 'Week', 'Work week', 'Day', 'Agenda']) {
    await toolbar.getByRole('button', { name: label, exact: true }).click();
    await expect(toolbar.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, label).toBeLessThanOrEqual(0);
  }
});

test('axe finds no violations on the calendar, in every kind of view', async ({ memberPage: page }) => {
  // Each axe run (light, then dark contrast) takes seconds on a busy 2-core machine. Work week and
  // Day are the Week view's time grid with fewer columns, so Week stands for the three.
  test.setTimeout(120_000);
  await openCalendar(page);
  const toolbar = calendarRoot(page).locator('.fc-header-toolbar');
  for (const label of ['Month', 'Week', 'Agenda']) {
    await toolbar.getByRole('button', { name: label, exact: true }).click();
    await expect(toolbar.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await findAxeViolations(page), label).toEqual([]);
  }
  // With the form showing an error, too.
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByText('Enter a title.')).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
});

test(
  'FullCalendar is loaded by the calendar page only',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    // FullCalendar's code marks the style element it injects; no other code has that text.
    const loadsFullCalendar = async () => {
      const texts = await Promise.all(scripts.map((response) => response.text().catch(() => '')));
      return texts.some((text) => text.includes('data-fullcalendar'));
    };

    await openWith(page, '/user/dashboard', { tasks: [] });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await loadsFullCalendar()).toBe(false);

    await page.goto('/user/calendar');
    await expect(calendarTitle(page)).toHaveText('March 2026');
    expect(await loadsFullCalendar()).toBe(true);
  },
);
