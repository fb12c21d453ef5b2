import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  fillStorageQuota,
  findAxeViolations,
  openWith,
  readStoredJson,
  type StoredData,
  type StoredTask,
} from './page-helpers';

/** "Your data" on the member profile (docs/product.md#your-data): export, import preview, apply, undo. */

const PATH = '/user/profile';
const STORAGE_FULL = 'Browser storage is full. Remove some data and try again.';
const NOTHING_TO_CHANGE = 'Nothing to change: everything in this file is already here.';

const TASKS: StoredTask[] = [
  {
    id: '1700000000001',
    title: 'Budget, "Q4" review',
    description: '=SUM(A1:A3)\nsecond line, with comma',
    priority: 'High',
    deadline: '2026-12-01',
    progress: 40,
    assignedTo: 'Mira Member',
    email: 'mira@example.com',
  },
  {
    id: '1700000000002',
    title: 'Café ✓ naïve',
    description: '@mention -1 +1',
    priority: 'Low',
    deadline: '2026-12-05',
    progress: 90,
    assignedTo: 'Mira Member',
    status: '',
    column: 'In Progress',
  },
];
const STORED: StoredData = {
  tasks: TASKS,
  json: {
    notes: 'Call the bank',
    calendarEvents: [{ title: 'Launch', start: '2026-12-02', type: 'event', allDay: true }],
    userProfile: { name: 'Mira Member', email: 'mira@example.com' },
  },
};

async function openYourData(page: Page, data: StoredData = STORED): Promise<void> {
  await openWith(page, PATH, data);
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({ timeout: 15_000 });
}

/** Clicks an export button and returns the downloaded file's name and text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Chooses a file through the "Import a file" button, as a user does. */
async function importFile(page: Page, name: string, text: string | Buffer, mimeType = 'text/plain') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a file' }).click();
  await (
    await chooser
  ).setFiles({ name, mimeType, buffer: typeof text === 'string' ? Buffer.from(text) : text });
}

function preview(page: Page) {
  return page.getByRole('main');
}

async function storedSnapshot(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['tasks', 'notes', 'calendarEvents', 'userProfile'].map((key) => [key, localStorage.getItem(key)]),
    ),
  );
}

test.describe('Your data', () => {
  test(
    'export → import round trip (JSON and CSV), then an edited CSV applied and undone',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openYourData(page);
      const before = await storedSnapshot(page);

      const json = await download(page, 'Export all data (JSON)');
      expect(json.name).toMatch(/^tasklane-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(json.text) as Record<string, unknown>;
      expect(exported).toMatchObject({
        format: 'tasklane-export',
        version: 4,
        // The browser's projects: General alone, never stored, with the spec's three columns.
        projects: [{ id: 'general', key: 'GEN', name: 'General' }],
        tasks: TASKS,
        notes: 'Call the bank',
        calendarEvents: STORED.json!.calendarEvents,
        userProfile: STORED.json!.userProfile,
      });
      expect(Date.parse(exported.exportedAt as string)).not.toBeNaN();

      await importFile(page, json.name, json.text, 'application/json');
      const main = preview(page);
      await expect(main.getByRole('heading', { name: 'Import preview' })).toBeFocused();
      await expect(main.getByText(`File: ${json.name}`, { exact: true })).toBeVisible();
      await expect(
        main.getByText('Tasks: 0 new, 0 updated, 2 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
      await expect(main.getByText('Calendar events: 0 new, 1 already here.', { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Unchanged (2)' })).toBeVisible();
      await expect(main.getByText('Row 1: Budget, "Q4" review', { exact: true })).toBeVisible();
      await expect(main.getByText(NOTHING_TO_CHANGE, { exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Apply import' })).toBeDisabled();
      await main.getByRole('button', { name: 'Cancel' }).click();
      await expect(main.getByRole('heading', { name: 'Import preview' })).toHaveCount(0);

      const csv = await download(page, 'Export tasks (CSV)');
      expect(csv.name).toMatch(/^tasklane-\d{4}-\d{2}-\d{2}\.csv$/);
      // The formula guard: the description that starts with "=" is written with a leading quote.
      expect(csv.text).toContain(`"'=SUM(A1:A3)\nsecond line, with comma"`);
      await importFile(page, csv.name, csv.text, 'text/csv');
      await expect(
        main.getByText('Tasks: 0 new, 0 updated, 2 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
      await expect(main.getByText('Row 3: Café ✓ naïve', { exact: true })).toBeVisible();
      expect(await storedSnapshot(page)).toEqual(before);

      // Edited in a spreadsheet: one title changed, one row added, one row broken.
      const edited =
        csv.text.replace('Café ✓ naïve', 'Café ✓ renamed') +
        '1700000000003,New from the sheet,,Medium,,0,Mira Member,,,,,,\r\n' +
        '1700000000004,Broken,,Medium,,150,Mira Member,,,,,,\r\n';
      await importFile(page, 'edited.csv', edited, 'text/csv');
      await expect(
        main.getByText('Tasks: 1 new, 1 updated, 1 unchanged, 1 invalid.', { exact: true }),
      ).toBeVisible();
      await expect(main.getByRole('heading', { name: 'New (1)' })).toBeVisible();
      await expect(main.getByText('Row 4: New from the sheet', { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Updated (1)' })).toBeVisible();
      await expect(main.getByText('Row 3: Café ✓ renamed', { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Invalid, skipped (1)' })).toBeVisible();
      await expect(
        main.getByText('Row 5: "progress" must be a whole number from 0 to 100.', { exact: true }),
      ).toBeVisible();
      expect(await storedSnapshot(page)).toEqual(before);

      await main.getByRole('button', { name: 'Apply import' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
        'Import applied: 1 task added, 1 task replaced.',
      );
      const applied = await readStoredJson<StoredTask[]>(page, 'tasks');
      expect(applied?.map((task) => task.title)).toEqual([
        'Budget, "Q4" review',
        'Café ✓ renamed',
        'New from the sheet',
      ]);
      expect(applied?.[1]).toEqual({ ...TASKS[1], title: 'Café ✓ renamed' });

      await main.getByRole('button', { name: 'Undo import' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Import undone' })).toHaveText(
        'Import undone: everything is back as it was before.',
      );
      await expect(main.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
      expect(await storedSnapshot(page)).toEqual(before);
    },
  );

  test(
    "the task view's fields travel: JSON keeps them, the CSV shows labels and checklist and brings them back",
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const viewTask = {
        id: '1700000000009',
        title: 'Pack for the trip',
        description: 'Bags',
        priority: 'Medium',
        deadline: '2026-12-10',
        progress: 0,
        assignedTo: 'Mira Member',
        labels: ['travel', 'home'],
        ck_a1: { text: 'Shoes', done: true, pos: 1 },
        ck_b2: { text: 'Coat', done: false, pos: 2 },
        createdAt: '2026-11-20T08:00:00.000Z',
        updatedAt: '2026-11-21T09:30:00.000Z',
      };
      await openYourData(page, {
        json: {
          tasks: [...TASKS, viewTask],
          'tasklane.labels': [{ id: 'travel', name: 'Travel', color: 'blue' }],
        },
      });

      const json = await download(page, 'Export all data (JSON)');
      const exported = JSON.parse(json.text) as { version: number; tasks: unknown[] };
      expect(exported.version).toBe(4);
      expect(exported.tasks[2]).toEqual(viewTask);

      const csv = await download(page, 'Export tasks (CSV)');
      const [header, , , row] = csv.text.replace('\uFEFF', '').split('\r\n');
      expect(header).toBe(
        'id,title,description,priority,deadline,progress,assignedTo,email,status,column,labels,checklist,project,labelIds,ck_a1,ck_b2,createdAt,updatedAt',
      );
      // The names of this browser's labels; an id no label has (deleted) stays as it is.
      // The project's name and key, to sort or filter by: every task here is General's.
      expect(row).toContain(',Travel; home,1/2,General (GEN),"[""travel"",""home""]",');

      await importFile(page, csv.name, csv.text, 'text/csv');
      await expect(
        preview(page).getByText('Tasks: 0 new, 0 updated, 3 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
    },
  );

  test(
    'a file exported by the previous version (format version 1) still imports',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openYourData(page, { json: {} });
      const versionOne = JSON.stringify({
        format: 'tasklane-export',
        version: 1,
        exportedAt: '2026-11-25T10:00:00.000Z',
        tasks: [TASKS[0]],
        notes: '',
        calendarEvents: [],
        userProfile: null,
      });
      await importFile(page, 'tasklane-2026-11-25.json', versionOne, 'application/json');
      const main = preview(page);
      await expect(
        main.getByText('Tasks: 1 new, 0 updated, 0 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
      await main.getByRole('button', { name: 'Apply import' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
        'Import applied: 1 task added.',
      );
      expect(await readStoredJson<StoredTask[]>(page, 'tasks')).toEqual([TASKS[0]]);

      await importFile(
        page,
        'future.json',
        versionOne.replace('"version":1', '"version":5'),
        'application/json',
      );
      await expect(
        page.getByRole('alert').filter({
          hasText:
            'This export is version 5; this Tasklane reads versions 1, 2, 3 and 4. Nothing was imported.',
        }),
      ).toBeVisible();
    },
  );

  test(
    'JSON import into another browser: tasks and events added, notes and profile only when ticked',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openYourData(page);
      const json = await download(page, 'Export all data (JSON)');
      await page.evaluate(() => {
        localStorage.removeItem('tasks');
        localStorage.removeItem('calendarEvents');
        localStorage.setItem('notes', JSON.stringify('Other notes'));
      });
      await page.reload();

      await importFile(page, json.name, json.text, 'application/json');
      const main = preview(page);
      await expect(
        main.getByText('Tasks: 2 new, 0 updated, 0 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
      await expect(main.getByText('Calendar events: 1 new, 0 already here.', { exact: true })).toBeVisible();
      const notesChoice = main.getByLabel('Replace my notes with the notes in this file');
      await expect(notesChoice).not.toBeChecked();
      // The stored profile is the file's: nothing to offer.
      await expect(main.getByLabel('Replace my profile with the profile in this file')).toHaveCount(0);
      await notesChoice.check();
      await main.getByRole('button', { name: 'Apply import' }).click();
      await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
        'Import applied: 2 tasks added, 1 calendar event added, notes replaced.',
      );
      expect(await readStoredJson(page, 'tasks')).toEqual(TASKS);
      expect(await readStoredJson(page, 'notes')).toBe('Call the bank');

      await main.getByRole('button', { name: 'Undo import' }).click();
      expect(await readStoredJson(page, 'tasks')).toBeNull();
      expect(await readStoredJson(page, 'calendarEvents')).toBeNull();
      expect(await readStoredJson(page, 'notes')).toBe('Other notes');

      // The board shows what the import wrote.
      await importFile(page, json.name, json.text, 'application/json');
      await main.getByRole('button', { name: 'Apply import' }).click();
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await expect(page.getByText('Budget, "Q4" review').first()).toBeVisible({ timeout: 15_000 });
    },
  );

  test(
    'a malformed, a foreign, an oversized file and a full storage change nothing',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openYourData(page);
      const before = await storedSnapshot(page);
      const main = preview(page);

      await importFile(page, 'broken.json', '{"format": "tasklane-export", "tasks": [', 'application/json');
      await expect(main.getByRole('alert')).toHaveText('This file is not valid JSON. Nothing was imported.');

      await importFile(page, 'other.json', '[{"id": 1, "title": "x"}]', 'application/json');
      await expect(main.getByRole('alert')).toHaveText(
        'This JSON file is not a Tasklane export. Nothing was imported.',
      );

      await importFile(page, 'broken.csv', 'id,title\r\n1,"never closed\r\n', 'text/csv');
      await expect(main.getByRole('alert')).toHaveText(
        'This file is not valid CSV: a quoted cell that starts on line 2 is never closed. Nothing was imported.',
      );

      await importFile(page, 'notes.txt', 'hello');
      await expect(main.getByRole('alert')).toHaveText(
        'Choose a .json or .csv file exported from Tasklane. Nothing was imported.',
      );

      await importFile(page, 'huge.csv', Buffer.alloc(6 * 1024 * 1024, 'a'), 'text/csv');
      await expect(main.getByRole('alert')).toHaveText(
        'This file is 6.0 MB; CSV files of up to 5 MB can be imported. Nothing was imported.',
      );
      expect(await storedSnapshot(page)).toEqual(before);

      await importFile(page, 'new.csv', 'id,title\r\n42,Answer\r\n', 'text/csv');
      await expect(
        main.getByText('Tasks: 1 new, 0 updated, 0 unchanged, 0 invalid.', { exact: true }),
      ).toBeVisible();
      await fillStorageQuota(page);
      await main.getByRole('button', { name: 'Apply import' }).click();
      await expect(page.getByText(STORAGE_FULL)).toBeVisible();
      await expect(main.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
      expect(await storedSnapshot(page)).toEqual(before);
    },
  );

  test('the preview fits the screen, passes axe and is used with the keyboard', async ({
    memberPage: page,
  }) => {
    await openYourData(page);
    await importFile(
      page,
      'a-very-long-file-name-exported-from-tasklane-on-a-phone-2026-11-25.csv',
      `id,title\r\n1,${'A long title without spaces '.replaceAll(' ', '-').repeat(4)}\r\n`,
      'text/csv',
    );
    const main = preview(page);
    await expect(main.getByRole('heading', { name: 'Import preview' })).toBeFocused();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await findAxeViolations(page)).toEqual([]);
    const apply = main.getByRole('button', { name: 'Apply import' });
    await apply.focus();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
      'Import applied: 1 task added.',
    );
    await main.getByRole('button', { name: 'Undo import' }).focus();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('status').filter({ hasText: 'Import undone' })).toBeVisible();
  });
});
