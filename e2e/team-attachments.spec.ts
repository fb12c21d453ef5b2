/**
 * Files on tasks with team sync on (docs/product.md#files-on-tasks): the task view's `Files` section
 * attaches files picked with `Attach files` or dropped on it, lists each as a link that downloads the
 * same bytes, refuses a file over the limit before sending it, deletes with Undo, and the assignee
 * sees the files. A production server with TEAM_SYNC=on and a 1 MB limit, on its own SQLite file.
 */
import { createHash } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { type Account, boardColumn, createTaskFor, openDeviceAt, registerAccount } from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
const accounts = {} as Record<'ana' | 'ben' | 'ada', Account>;
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A one-page PDF that says Hello PDF. */
const PDF = Buffer.from(
  'JVBERi0xLjQKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4KZW5kb2JqCjMgMCBvYmoKPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCA2MTIgNzkyXSAvQ29udGVudHMgNCAwIFIgL1Jlc291cmNlcyA8PCAvRm9udCA8PCAvRjEgNSAwIFIgPj4gPj4gPj4KZW5kb2JqCjQgMCBvYmoKPDwgL0xlbmd0aCA0MCA+PgpzdHJlYW0KQlQgL0YxIDQ4IFRmIDcyIDcwMCBUZCAoSGVsbG8gUERGKSBUaiBFVAplbmRzdHJlYW0KZW5kb2JqCjUgMCBvYmoKPDwgL1R5cGUgL0ZvbnQgL1N1YnR5cGUgL1R5cGUxIC9CYXNlRm9udCAvSGVsdmV0aWNhID4+CmVuZG9iagp4cmVmCjAgNgowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwMDkgMDAwMDAgbiAKMDAwMDAwMDA1OCAwMDAwMCBuIAowMDAwMDAwMTE1IDAwMDAwIG4gCjAwMDAwMDAyNDEgMDAwMDAgbiAKMDAwMDAwMDMzMSAwMDAwMCBuIAp0cmFpbGVyCjw8IC9TaXplIDYgL1Jvb3QgMSAwIFIgPj4Kc3RhcnR4cmVmCjQwMQolJUVPRgo=',
  'base64',
);
/** A 640×360 picture (a gradient), as a phone's screenshot would be, for a cover worth looking at. */
async function gradientPng(): Promise<Buffer> {
  const width = 640;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 200);
      pixels[at + 2] = 180;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function filesOf(view: Locator): Locator {
  return view.getByRole('region', { name: 'Files' });
}

/** Opens the task view of `uid` and waits for its files to be read. */
async function openFiles(page: Page, uid: string): Promise<Locator> {
  await page.goto(`/user/dashboard?task=${uid}`);
  const files = filesOf(page.getByRole('dialog'));
  await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible({ timeout: 15_000 });
  await expect(files.getByText('Loading files…')).toHaveCount(0);
  return files;
}

/** No axe violations in the light theme, then in the dark one (whose picture goes to `darkShot`). */
async function expectNoAxeViolationsInBothThemes(page: Page, darkShot: string): Promise<void> {
  expect(await findAxeViolations(page)).toEqual([]);
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  // Colours change with a short transition: the check is of the dark theme, not of the change.
  await page.waitForTimeout(400);
  await page.screenshot({ path: darkShot });
  expect(await findAxeViolations(page)).toEqual([]);
  await page.evaluate(() => delete document.documentElement.dataset.theme);
}

/** Pastes a PNG named `name` into `field`, as the browser does a screenshot from the clipboard. */
async function pasteImage(field: Locator, name: string): Promise<void> {
  await field.evaluate(
    (element, [fileName, bytes]) => {
      const data = new DataTransfer();
      data.items.add(
        new File([new Uint8Array(bytes as number[])], fileName as string, { type: 'image/png' }),
      );
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [name, [...PNG]] as const,
  );
}

/** Drops `name` (text `body`) on `target` as the browser does a file dragged from the desktop. */
async function dropFile(target: Locator, name: string, body: string): Promise<void> {
  const transfer = await target.page().evaluateHandle(
    ([fileName, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], fileName, { type: 'text/plain' }));
      return data;
    },
    [name, body] as const,
  );
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

test.describe('files on tasks', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on', MAX_UPLOAD_SIZE: '1MB' });
    accounts.ana = await registerAccount(server.base, 'Ana Author', 'ana-files@example.com', 'user');
    accounts.ben = await registerAccount(server.base, 'Ben Builder', 'ben-files@example.com', 'user');
    accounts.ada = await registerAccount(server.base, 'Ada Admin', 'ada-files@example.com', 'admin');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width attach by picking and dropping, download the same bytes, refuse too large, delete and Undo', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, 'Print the posters', 'Ben Builder');
    const files = await openFiles(ana.page, uid);
    await expect(
      files.getByText('No files yet. Attach files here or drop them on this section.'),
    ).toBeVisible();
    await expect(files.getByText('Up to 1 MB each.', { exact: true })).toBeVisible();

    // The button opens the browser's file chooser, which takes several files.
    const chooser = ana.page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Attach files' }).click();
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(true);
    const brief = Buffer.from('Posters: A2, two hundred copies.\n');
    await picked.setFiles([
      { name: 'brief.txt', mimeType: 'text/plain', buffer: brief },
      { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const link = files.getByRole('link', { name: 'brief.txt', exact: true });
    await expect(link).toBeVisible();
    await expect(files.getByRole('link', { name: 'proof.png', exact: true })).toBeVisible();
    await expect(files.getByRole('listitem').filter({ hasText: 'brief.txt' })).toContainText(
      '33 B · added by Ana Author',
    );

    // The link downloads the same bytes under the file's name (the files' cookie carries the session).
    const href = await link.getAttribute('href');
    const response = await ana.page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(sha256(await response.body())).toBe(sha256(brief));
    expect(response.headers()['content-disposition']).toContain('filename="brief.txt"');

    // Over the limit: said, and not listed.
    await files.getByLabel('Attach files').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(1024 * 1024 + 1, 7),
    });
    await expect(files.getByRole('alert')).toHaveText('scan.pdf is too large: files can be at most 1 MB.');
    await expect(files.getByRole('link', { name: 'scan.pdf' })).toHaveCount(0);
    await files.getByRole('button', { name: 'Dismiss the message about scan.pdf' }).click();
    await expect(files.getByRole('alert')).toHaveCount(0);

    // Dropped on the section.
    await dropFile(files, 'notes.txt', 'Ask for matte paper.');
    await expect(files.getByRole('link', { name: 'notes.txt', exact: true })).toBeVisible();

    // Delete, then Undo.
    await files.getByRole('button', { name: 'Delete notes.txt' }).click();
    await expect(files.getByRole('link', { name: 'notes.txt' })).toHaveCount(0);
    const gone = files.getByRole('listitem').filter({ hasText: 'Deleted notes.txt.' });
    await gone.getByRole('button', { name: 'Undo' }).click();
    await expect(gone).toHaveCount(0);
    await expect(files.getByRole('link', { name: 'notes.txt', exact: true })).toBeVisible();

    // A PDF opens over the view in the browser's viewer, framed from its own address, which this site
    // alone may frame. (The test browser, Chromium's headless shell, has no PDF viewer: the frame's
    // request and its answer are what is checked; the full browser shows the document.)
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    const pdfLink = files.getByRole('link', { name: 'contract.pdf', exact: true });
    const pdfHref = (await pdfLink.getAttribute('href'))!;
    const framed = ana.page.waitForResponse(
      async (answer) =>
        answer.url().endsWith(pdfHref) && (await answer.request().headerValue('sec-fetch-dest')) === 'iframe',
    );
    await pdfLink.click();
    const pdfView = ana.page.getByRole('dialog', { name: 'contract.pdf' });
    await expect(pdfView.locator('iframe[title="contract.pdf, the document"]')).toHaveAttribute(
      'src',
      pdfHref,
    );
    await expect(pdfView.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', pdfHref);
    const frameAnswer = await framed;
    expect(frameAnswer.status()).toBe(200);
    expect(await frameAnswer.headerValue('content-type')).toBe('application/pdf');
    expect(await frameAnswer.headerValue('x-frame-options')).toBe('SAMEORIGIN');
    expect(await frameAnswer.headerValue('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    );
    await pdfView.getByRole('button', { name: 'Close' }).click();
    await expect(pdfView).toHaveCount(0);
    await expect(pdfLink).toBeFocused();
    await files.getByRole('button', { name: 'Delete contract.pdf' }).click();
    await expect(pdfLink).toHaveCount(0);
    // A file that only downloads is never framed by the site.
    const briefAnswer = await ana.page.request.get(href!);
    expect(briefAnswer.headers()['content-security-policy']).toBe("sandbox; frame-ancestors 'none'");

    // Images open in a lightbox over the view; the arrows and Escape work, and focus comes back.
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'proof-2.png', mimeType: 'image/png', buffer: PNG });
    await files.getByRole('link', { name: 'proof.png', exact: true }).click();
    const lightbox = ana.page.getByRole('dialog', { name: 'proof.png' });
    await expect(lightbox.getByRole('img', { name: 'proof.png' })).toBeVisible();
    await expect(lightbox.getByText('Image 1 of 2')).toBeVisible();
    await lightbox.getByRole('button', { name: 'Next image' }).focus();
    await ana.page.keyboard.press('ArrowRight');
    await expect(
      ana.page.getByRole('dialog', { name: 'proof-2.png' }).getByText('Image 2 of 2'),
    ).toBeVisible();
    await ana.page.keyboard.press('Escape');
    await expect(ana.page.getByRole('dialog', { name: 'proof-2.png' })).toHaveCount(0);
    await expect(files.getByRole('link', { name: 'proof.png', exact: true })).toBeFocused();

    // A screenshot pasted into the description is attached to the task.
    const description = ana.page
      .getByRole('dialog')
      .getByRole('textbox', { name: 'Description', exact: true });
    await pasteImage(description, 'image.png');
    await expect(files.getByRole('link', { name: 'image.png', exact: true })).toBeVisible();
    // ...and shown where it was pasted: the description keeps a reference, the image shows under it.
    await expect(description).toHaveValue(/^!\[image\.png\]\(file:[0-9a-f-]{36}\)Venue and dates$/);
    const pastedId = /file:([0-9a-f-]{36})/.exec(await description.inputValue())![1];
    await expect(files.getByRole('link', { name: 'image.png', exact: true })).toHaveAttribute(
      'href',
      `/api/files/${pastedId}`,
    );
    const view = ana.page.getByRole('dialog');
    await expect(view.getByText('Images in the description', { exact: true })).toBeVisible();
    await expect(view.getByRole('img', { name: 'image.png' })).toBeVisible();
    // A screenshot pasted into a comment box: attached, and shown in the comment where it was pasted.
    const commentBox = view.getByRole('textbox', { name: 'Write a comment' });
    await pasteImage(commentBox, 'shot.png');
    await expect(commentBox).toHaveValue(/^!\[shot\.png\]\(file:[0-9a-f-]{36}\)$/);
    await expect(files.getByRole('link', { name: 'shot.png', exact: true })).toBeVisible();
    await view.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentBox).toHaveValue('');
    await expect(view.getByRole('listitem').getByRole('img', { name: 'shot.png' })).toBeVisible();

    // An image as the card's cover.
    const proofRow = files
      .getByRole('listitem')
      .filter({ has: ana.page.getByRole('link', { name: 'proof.png', exact: true }) });
    await proofRow.getByRole('button', { name: 'Use as cover' }).click();
    await expect(proofRow.getByRole('button', { name: 'Remove cover' })).toBeVisible();
    await expect(proofRow.getByText('Cover', { exact: true })).toBeVisible();

    // The card shows its cover and how many files the task has.
    await ana.page.keyboard.press('Escape');
    await expect(boardColumn(ana.page, 'To Do').locator('img[src$="/thumbnail"]')).toBeVisible();
    await expect(boardColumn(ana.page, 'To Do').getByText('6 files', { exact: true })).toBeVisible();

    // The assignee sees the same files.
    const ben = await openDevice(browser, accounts.ben);
    const benFiles = await openFiles(ben.page, uid);
    // The two picked together may be stored in either order.
    await expect(benFiles.getByRole('link')).toHaveCount(6);
    expect((await benFiles.getByRole('link').allTextContents()).sort()).toEqual([
      'brief.txt',
      'image.png',
      'notes.txt',
      'proof-2.png',
      'proof.png',
      'shot.png',
    ]);
    // Live: a file Ana adds shows in Ben's open view without a reload.
    await ana.page.goto(`/user/dashboard?task=${uid}`);
    await filesOf(ana.page.getByRole('dialog'))
      .getByLabel('Attach files')
      .setInputFiles({ name: 'late.txt', mimeType: 'text/plain', buffer: Buffer.from('late') });
    await expect(benFiles.getByRole('link', { name: 'late.txt', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await ben.context.close();
    await ana.context.close();
  });

  test('@one-width a file picked offline waits in the browser and is sent when the connection returns', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, 'Send the invoice', 'Ben Builder');
    const files = await openFiles(ana.page, uid);
    const invoice = Buffer.from('Invoice 2026-114: 1,200 EUR.\n');

    await ana.context.setOffline(true);
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: invoice });
    await expect(files.getByText('Waiting to be sent', { exact: true })).toBeVisible();
    await expect(files.getByRole('status').filter({ hasText: 'invoice.txt' })).toHaveText(
      'invoice.txt waits to be sent: it goes when you are back online. (29 B)',
    );
    await expect(files.getByRole('link', { name: 'invoice.txt' })).toHaveCount(0);
    // Another picked offline, then discarded: it never reaches the server.
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('draft') });
    await files.getByRole('button', { name: 'Discard draft.txt' }).click();
    await expect(files.getByText('draft.txt', { exact: false })).toHaveCount(0);

    // The page goes away while offline: the file waits in IndexedDB, not in the page.
    await ana.page.close();
    await ana.context.setOffline(false);
    const page = await ana.context.newPage();
    await page.goto('/user/dashboard');
    // The board's cards send what waits; the card then counts the file.
    await expect(boardColumn(page, 'To Do').getByText('1 file', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    const after = await openFiles(page, uid);
    const link = after.getByRole('link', { name: 'invoice.txt', exact: true });
    await expect(link).toBeVisible();
    await expect(after.getByText('Waiting to be sent', { exact: true })).toHaveCount(0);
    await expect(after.getByRole('link')).toHaveCount(1);
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(sha256(await response.body())).toBe(sha256(invoice));

    // Offline again with the view open: the file goes at the `online` event, no reload.
    await ana.context.setOffline(true);
    await after
      .getByLabel('Attach files')
      .setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('paid') });
    await expect(after.getByRole('status').filter({ hasText: 'receipt.txt' })).toBeVisible();
    await ana.context.setOffline(false);
    await expect(after.getByRole('link', { name: 'receipt.txt', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(after.getByText('Waiting to be sent', { exact: true })).toHaveCount(0);
    await ana.context.close();
  });

  test('the Files section passes axe, light and dark, and fits the width', async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const ana = await openDevice(browser, accounts.ana);
    const uid = await createTaskFor(ana.page, `Book the hall ${testInfo.project.name}`, 'Ben Builder');
    const files = await openFiles(ana.page, uid);
    await files.getByLabel('Attach files').setInputFiles([
      {
        name: 'floor plan with a rather long name for a small screen.png',
        mimeType: 'image/png',
        buffer: await gradientPng(),
      },
      { name: 'too-big.zip', mimeType: 'application/zip', buffer: Buffer.alloc(1024 * 1024 + 1, 1) },
    ]);
    await expect(files.getByRole('link')).toHaveCount(1);
    await expect(files.getByRole('alert')).toBeVisible();
    await files.getByRole('button', { name: 'Use as cover' }).click();
    await expect(files.getByText('Cover', { exact: true })).toBeVisible();
    // A file picked offline waits in the section.
    await ana.context.setOffline(true);
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'seating.txt', mimeType: 'text/plain', buffer: Buffer.from('Rows A-F') });
    await expect(files.getByText('Waiting to be sent', { exact: true })).toBeVisible();
    await files.scrollIntoViewIfNeeded();
    await ana.page.screenshot({ path: testInfo.outputPath('files-light.png') });
    await expectNoAxeViolationsInBothThemes(ana.page, testInfo.outputPath('files-dark.png'));
    await ana.context.setOffline(false);
    await expect(files.getByRole('link', { name: 'seating.txt', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    // The lightbox.
    await files.getByRole('link', { name: /^floor plan/ }).click();
    await expect(ana.page.getByRole('dialog', { name: /^floor plan/ }).getByRole('img')).toBeVisible();
    await ana.page.screenshot({ path: testInfo.outputPath('lightbox-light.png') });
    await expectNoAxeViolationsInBothThemes(ana.page, testInfo.outputPath('lightbox-dark.png'));
    await ana.page.keyboard.press('Escape');
    const overflow = await ana.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The board with the card's cover, for axe and for the eye.
    await ana.page.keyboard.press('Escape');
    await expect(boardColumn(ana.page, 'To Do').locator('img[src$="/thumbnail"]').first()).toBeVisible();
    await ana.page.screenshot({ path: testInfo.outputPath('cover-light.png') });
    await expectNoAxeViolationsInBothThemes(ana.page, testInfo.outputPath('cover-dark.png'));
    await ana.context.close();
  });

  test('@one-width Admin Settings says what the files take and the limits', async ({ browser }) => {
    const ada = await openDevice(browser, accounts.ada);
    await ada.page.goto('/admin/settings');
    const section = ada.page.getByRole('region', { name: 'Files' });
    await expect(section.getByText(/^\d+ files?, [\d.]+ (B|kB|MB) in all\.$/)).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      section.getByText('No limit for all files together (MAX_FILES_TOTAL is not set).'),
    ).toBeVisible();
    await expect(
      section.getByText(
        'Each file at most 1 MB (MAX_UPLOAD_SIZE); at most 100 files on a task (MAX_ATTACHMENTS_PER_TASK).',
      ),
    ).toBeVisible();
    await expect(section.getByText('Stored on this server’s disk (FILES_DIR).')).toBeVisible();
    await ada.context.close();
  });
});
