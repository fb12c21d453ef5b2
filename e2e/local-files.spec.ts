/**
 * Files on tasks in the default mode (docs/product.md#files-in-the-default-mode): the task view's
 * `Files` section as with team sync, the files kept in this browser (IndexedDB): attach, download
 * the same bytes under the file's name, refuse too large, the cover and the count on the card,
 * delete with Undo, and still there after a reload.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { openWith, type StoredTask } from './page-helpers';

const TASK: StoredTask = {
  id: '1767225600000',
  title: 'Print the posters',
  description: 'A2, two hundred copies.',
  priority: 'High',
  deadline: '2099-03-10',
  progress: 0,
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function filesOf(page: Page) {
  return page.getByRole('dialog').getByRole('region', { name: 'Files' });
}

async function openTask(page: Page) {
  await page.goto(`/user/dashboard?task=${TASK.id}`);
  const files = filesOf(page);
  await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible({ timeout: 15_000 });
  await expect(files.getByText('Loading files…')).toHaveCount(0);
  return files;
}

test('@one-width files in the default mode: attach, download, too large, cover, count, delete and Undo, kept after a reload', async ({
  memberPage: page,
  member,
}) => {
  test.setTimeout(90_000);
  await openWith(page, '/user/dashboard', { tasks: [TASK] });
  const files = await openTask(page);
  await expect(
    files.getByText('No files yet. Attach files here or drop them on this section.'),
  ).toBeVisible();
  await expect(files.getByText('Up to 25 MB each.', { exact: true })).toBeVisible();

  const brief = Buffer.from('Posters: A2, two hundred copies.\n');
  const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  await files.getByLabel('Attach files').setInputFiles([
    { name: 'brief.txt', mimeType: 'text/plain', buffer: brief },
    { name: 'proof.png', mimeType: 'image/png', buffer: photo },
  ]);
  const link = files.getByRole('link', { name: 'brief.txt', exact: true });
  await expect(link).toBeVisible();
  await expect(files.getByRole('listitem').filter({ hasText: 'brief.txt' })).toContainText(
    `33 B · added by ${member.name}`,
  );

  // The link downloads the same bytes, under the file's name.
  const download = page.waitForEvent('download');
  await link.click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('brief.txt');
  expect(sha256(await readFile((await saved.path())!))).toBe(sha256(brief));

  // Over the limit: said, and not listed.
  // Made in the page: 25 MB through the test's connection to the browser takes long on a busy machine.
  await files.getByLabel('Attach files').evaluate((input: HTMLInputElement) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' }));
    input.files = data.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(files.getByRole('alert')).toHaveText('scan.pdf is too large: files can be at most 25 MB.');
  await expect(files.getByRole('link', { name: 'scan.pdf' })).toHaveCount(0);

  // The image opens in the lightbox and becomes the card's cover.
  await files.getByRole('link', { name: 'proof.png', exact: true }).click();
  const lightbox = page.getByRole('dialog', { name: 'proof.png' });
  await expect(lightbox.getByRole('img', { name: 'proof.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  const proofRow = files
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'proof.png', exact: true }) });
  await proofRow.getByRole('button', { name: 'Use as cover' }).click();
  await expect(proofRow.getByText('Cover', { exact: true })).toBeVisible();

  // A PDF opens over the view, framed from this page's own copy.
  await files.getByLabel('Attach files').setInputFiles({
    name: 'contract.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await files.getByRole('link', { name: 'contract.pdf', exact: true }).click();
  const pdfView = page.getByRole('dialog', { name: 'contract.pdf' });
  await expect(pdfView.locator('iframe[title="contract.pdf, the document"]')).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await pdfView.getByRole('button', { name: 'Close' }).click();
  await files.getByRole('button', { name: 'Delete contract.pdf' }).click();
  await expect(files.getByRole('link', { name: 'contract.pdf' })).toHaveCount(0);

  // Delete, then Undo.
  await files.getByRole('button', { name: 'Delete brief.txt' }).click();
  await expect(files.getByRole('link', { name: 'brief.txt' })).toHaveCount(0);
  const gone = files.getByRole('listitem').filter({ hasText: 'Deleted brief.txt.' });
  await gone.getByRole('button', { name: 'Undo' }).click();
  await expect(files.getByRole('link', { name: 'brief.txt', exact: true })).toBeVisible();

  // The card: its cover (a thumbnail, not the original) and how many files.
  await page.keyboard.press('Escape');
  const card = page.locator(`#task-card-${TASK.id}`);
  await expect(card.getByText('2 files', { exact: true })).toBeVisible();
  const cover = card.locator('img');
  await expect(cover).toBeVisible();
  const coverSize = await cover.evaluate((image: HTMLImageElement) => image.naturalWidth);
  expect(coverSize).toBe(480);

  // A screenshot pasted into the description: attached, and shown under it.
  await openTask(page);
  const description = page.getByRole('dialog').getByRole('textbox', { name: 'Description', exact: true });
  await description.focus();
  await page.keyboard.press('End');
  await description.evaluate(
    (field, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [...photo],
  );
  await expect(description).toHaveValue(
    /^A2, two hundred copies\.!\[screenshot\.png\]\(file:[0-9a-f-]{36}\)$/,
  );
  await expect(files.getByRole('link', { name: 'screenshot.png', exact: true })).toBeVisible();
  await expect(
    page.getByRole('dialog').getByText('Images in the description', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Kept in this browser: still there after a reload.
  await page.reload();
  await expect(page.locator(`#task-card-${TASK.id}`).getByText('3 files', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const again = await openTask(page);
  await expect(again.getByRole('link')).toHaveCount(3);
});
