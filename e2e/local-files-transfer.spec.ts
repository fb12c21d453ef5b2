/**
 * The JSON export carries the default mode's files (docs/product.md#your-data, export version 4): a
 * file attached to a task in this browser travels in the export with its bytes; another browser, with
 * nothing stored, imports it, and the task view lists the file with the same bytes. A file whose bytes
 * were changed in the export is left out, and the preview says so.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, storeData, type StoredTask } from './page-helpers';
import { memberSession, signIn } from './session-helpers';

const TASK: StoredTask = {
  id: '1700000000301',
  title: 'Print the posters',
  description: '',
  priority: 'Medium',
  deadline: '',
  progress: 0,
  assignedTo: 'Mira Member',
};

const BRIEF = Buffer.from('Posters: A2, two hundred copies.\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type ExportedFile = { id: string; task: string; name: string; size: number; sha256: string; data: string };

/** Opens the task's view and waits for its files to be read. */
async function openFiles(page: Page): Promise<Locator> {
  await page.goto(`/user/dashboard?task=${TASK.id}`);
  const files = page.getByRole('dialog').getByRole('region', { name: 'Files' });
  await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible({ timeout: 15_000 });
  await expect(files.getByText('Loading files…')).toHaveCount(0);
  return files;
}

/**
 * The name and SHA-256 of what `click` downloads. The page's CSP (`connect-src 'self'`) refuses a
 * `fetch` of the file's `blob:` address, so the bytes are taken as a person takes them: downloaded.
 */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; sha: string }> {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  return { name: file.suggestedFilename(), sha: sha256(await readFile(await file.path())) };
}

/** The default mode's files as this browser keeps them (IndexedDB `tasklane-files`), by name. */
function keptFiles(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ task: string; name: string; mediaType: string; thumbnail: boolean }[]>(
        (resolve, reject) => {
          const opening = indexedDB.open('tasklane-files');
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const reading = opening.result.transaction('files').objectStore('files').getAll();
            reading.onerror = () => reject(reading.error);
            reading.onsuccess = () => {
              const records = reading.result as {
                task: string;
                name: string;
                mediaType: string;
                thumbnail: Blob | null;
              }[];
              opening.result.close();
              resolve(
                records
                  .map(({ task, name, mediaType, thumbnail }) => ({
                    task,
                    name,
                    mediaType,
                    thumbnail: thumbnail !== null,
                  }))
                  .sort((a, b) => a.name.localeCompare(b.name)),
              );
            };
          };
        },
      ),
  );
}

async function exportJson(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all data (JSON)' }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

async function importJson(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test(
  'a file attached in the default mode travels in the JSON export to a browser with nothing stored, byte for byte',
  { tag: '@one-width' },
  async ({ memberPage: page, browser }) => {
    test.setTimeout(120_000);
    await storeData(page, { tasks: [TASK] });
    const files = await openFiles(page);
    await files.getByLabel('Attach files').setInputFiles([
      { name: 'brief.txt', mimeType: 'text/plain', buffer: BRIEF },
      { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(files.getByRole('link', { name: 'brief.txt', exact: true })).toBeVisible();
    await expect(files.getByRole('link', { name: 'proof.png', exact: true })).toBeVisible();

    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({ timeout: 15_000 });
    const file = await exportJson(page);
    const exported = JSON.parse(file.text) as { version: number; files: ExportedFile[] };
    expect(exported.version).toBe(4);
    // The two files were picked together: stored, and exported, in either order.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    exported.files.sort(byName);
    expect(exported.files.map(({ task, name, size, sha256: sha }) => ({ task, name, size, sha }))).toEqual([
      { task: TASK.id, name: 'brief.txt', size: BRIEF.length, sha: sha256(BRIEF) },
      { task: TASK.id, name: 'proof.png', size: PNG.length, sha: sha256(PNG) },
    ]);
    expect(Buffer.from(exported.files[0]!.data, 'base64').equals(BRIEF)).toBe(true);
    // No thumbnail travels: the import draws it again.
    expect(Object.keys(exported.files[1]!).sort()).toEqual(
      ['addedAt', 'addedByName', 'cover', 'data', 'id', 'mediaType', 'name', 'sha256', 'size', 'task'].sort(),
    );

    // Another browser: nothing stored (localStorage and IndexedDB) but the session.
    const context = await browser.newContext();
    const errors: string[] = [];
    context.on('weberror', (webError) => errors.push(String(webError.error())));
    const other = await context.newPage();
    await signIn(other, memberSession());
    await other.goto('/user/profile');
    await expect(other.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({
      timeout: 15_000,
    });
    const main = other.getByRole('main');

    // The brief's bytes changed in the file (its SHA-256 no longer matches): left out, and said.
    const tampered = {
      ...exported,
      files: [
        {
          ...exported.files[0]!,
          data: Buffer.from(BRIEF.toString().replace('two', 'six')).toString('base64'),
        },
        exported.files[1],
      ],
    };
    await importJson(other, 'tampered.json', JSON.stringify(tampered));
    await expect(main.getByText('Files: 1 new, 0 already here.', { exact: true })).toBeVisible();
    await expect(
      main.getByText('1 file could not be read (damaged or changed) and will be left out.', { exact: true }),
    ).toBeVisible();
    await main.getByRole('button', { name: 'Cancel' }).click();

    await importJson(other, file.name, file.text);
    await expect(main.getByRole('heading', { name: 'Import preview' })).toBeFocused();
    await expect(
      main.getByText('Tasks: 1 new, 0 updated, 0 unchanged, 0 invalid.', { exact: true }),
    ).toBeVisible();
    await expect(main.getByText('Files: 2 new, 0 already here.', { exact: true })).toBeVisible();
    expect(await findAxeViolations(other)).toEqual([]);
    await main.getByRole('button', { name: 'Apply import' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
      'Import applied: 1 task added, 2 files added.',
    );

    const imported = await openFiles(other);
    const brief = imported.getByRole('link', { name: 'brief.txt', exact: true });
    const proof = imported.getByRole('link', { name: 'proof.png', exact: true });
    await expect(brief).toBeVisible();
    await expect(proof).toBeVisible();
    await expect(imported.getByRole('listitem').filter({ hasText: 'brief.txt' })).toContainText(
      '33 B · added by Mira Member',
    );
    // The files' addresses are this page's own (blob:), their bytes the same as attached.
    await expect(brief).toHaveAttribute('href', /^blob:/);
    expect(await downloaded(other, () => brief.click())).toEqual({ name: 'brief.txt', sha: sha256(BRIEF) });
    // An image opens in the lightbox, whose Download saves it.
    await proof.click();
    const lightbox = other.getByRole('dialog', { name: 'proof.png' });
    await expect(lightbox.getByRole('img', { name: 'proof.png' })).toBeVisible();
    const save = lightbox.getByRole('link', { name: 'Download' });
    expect(await downloaded(other, () => save.click())).toEqual({ name: 'proof.png', sha: sha256(PNG) });
    await other.keyboard.press('Escape');
    // As kept in this browser's IndexedDB: under the task's id, the type sniffed, the thumbnail drawn again.
    expect(await keptFiles(other)).toEqual([
      { task: TASK.id, name: 'brief.txt', mediaType: 'application/octet-stream', thumbnail: false },
      { task: TASK.id, name: 'proof.png', mediaType: 'image/png', thumbnail: true },
    ]);

    // Imported again: every file is already here, nothing to change.
    await other.goto('/user/profile');
    await expect(other.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({
      timeout: 15_000,
    });
    await importJson(other, file.name, file.text);
    await expect(main.getByText('Files: 0 new, 2 already here.', { exact: true })).toBeVisible();
    await expect(
      main.getByText('Nothing to change: everything in this file is already here.', { exact: true }),
    ).toBeVisible();

    await context.close();
    expect(errors).toEqual([]);
  },
);
