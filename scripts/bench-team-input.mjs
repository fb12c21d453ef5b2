/**
 * bench:team-scale's "what you click shows at once" (issue 38): commands given through real input
 * (Playwright's mouse and keyboard, so the browser queues them as a person's), timed in the page from
 * the input event's own time stamp (`event.timeStamp`: when the browser received it, so time spent
 * waiting for a busy main thread counts) to the frame after the result is in the page, plus the
 * longest task in the 2 s after the input.
 */

/**
 * Installed in every page of a device (page.addInitScript): `__arm(eventType, condition, arg)` starts a
 * watch that `__watched` resolves: `{ shown, command, longest }` in ms, `shown` NaN after 15 s.
 */
export function installInputWatch() {
  const w = /** @type {any} */ (window);
  w.__frames = [];
  try {
    new PerformanceObserver((list) => w.__frames.push(...list.getEntries())).observe({
      type: 'long-animation-frame',
      buffered: true,
    });
  } catch {
    // A browser without the Long Animation Frames API: no attribution.
  }
  /** @type {Record<string, (arg: any) => boolean>} */
  const conditions = {
    // A row's title gone from, or back in, Manage Tasks' Pending Tasks.
    rowGone: ({ title }) => !pendingTitles().includes(title),
    rowBack: ({ title }) => pendingTitles().includes(title),
    // The text right after an element (the slider's "57% Completed").
    textAfter: ({ id, text }) => document.getElementById(id)?.nextElementSibling?.textContent === text,
    // The grid's card of a task says its priority (behind the task view, as it changes there).
    cardPriority: ({ title, priority }) =>
      [...document.querySelectorAll('main article')].some(
        (card) =>
          card.querySelector('h3')?.textContent === title &&
          [...card.querySelectorAll('dd')].some((dd) => dd.textContent === priority),
      ),
    // A card's title in a board column.
    inColumn: ({ title, column }) =>
      [...document.querySelectorAll(`section[data-column="${column}"] h3`)].some(
        (heading) => heading.textContent === title,
      ),
  };
  function pendingTitles() {
    const heading = [...document.querySelectorAll('main h2')].find((h) => h.textContent === 'Pending Tasks');
    const section = heading?.closest('section');
    return [...(section?.querySelectorAll('tbody th a') ?? [])].map((link) => link.textContent);
  }
  w.__arm = (/** @type {string} */ eventType, /** @type {string} */ name, /** @type {any} */ arg) => {
    const test = () => conditions[name](arg);
    const profiling = w.__profileCommand === true;
    w.__watched = new Promise((resolve) => {
      /** @type {number} */
      let inputAt = NaN;
      const finish = (/** @type {number} */ shown) => {
        if (profiling) console.profileEnd('tasklane-command');
        const start = Number.isNaN(inputAt) ? performance.now() : inputAt;
        setTimeout(
          () => {
            const longest = Math.max(
              0,
              ...w.__longTasks
                .filter(
                  (/** @type {any} */ entry) =>
                    entry.start + entry.duration > start && entry.start < start + 2000,
                )
                .map((/** @type {any} */ entry) => entry.duration),
            );
            const own = performance
              .getEntriesByName('tasklane:command')
              .filter((entry) => entry.startTime >= start);
            // Long animation frames around the input, with the scripts that ran in them (`--frames`).
            const frames = (w.__frames ?? [])
              .filter(
                (/** @type {any} */ f) =>
                  f.startTime + f.duration > start - 1000 && f.startTime < start + 2000,
              )
              .map((/** @type {any} */ f) => ({
                at: Math.round(f.startTime - start),
                duration: Math.round(f.duration),
                scripts: f.scripts.map(
                  (/** @type {any} */ script) =>
                    `${Math.round(script.duration)} ms ${script.invoker} → ${script.sourceFunctionName || '?'} ${String(script.sourceURL).split('/').pop()}:${script.sourceCharPosition}`,
                ),
              }));
            resolve({ shown, command: own[0]?.duration ?? NaN, longest, frames });
          },
          Math.max(0, start + 2100 - performance.now()),
        );
      };
      const observer = new MutationObserver(() => check());
      const giveUp = setTimeout(() => {
        observer.disconnect();
        finish(NaN);
      }, 15_000);
      let done = false;
      const check = () => {
        if (done || Number.isNaN(inputAt) || !test()) return;
        done = true;
        observer.disconnect();
        clearTimeout(giveUp);
        requestAnimationFrame(() => setTimeout(() => finish(performance.now() - inputAt)));
      };
      window.addEventListener(
        eventType,
        (event) => {
          inputAt = event.timeStamp;
          if (profiling) console.profile('tasklane-command');
          // After the event's own handlers (the result may already be in the page).
          queueMicrotask(() => setTimeout(check));
          check();
        },
        { capture: true, once: true },
      );
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });
  };
}

/** Arms the watch in `page`, gives the input, and waits for the figures. */
async function timed(
  /** @type {import('@playwright/test').Page} */ page,
  /** @type {'click' | 'keydown'} */ eventType,
  /** @type {string} */ condition,
  /** @type {Record<string, string>} */ arg,
  /** @type {() => Promise<void>} */ input,
) {
  await page.evaluate(
    ([type, name, value]) => /** @type {any} */ (window).__arm(type, name, value),
    [eventType, condition, arg],
  );
  await input();
  return /** @type {Promise<{ shown: number, command: number, longest: number }>} */ (
    page.evaluate(() => /** @type {any} */ (window).__watched)
  );
}

const pendingSection = (/** @type {import('@playwright/test').Page} */ page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Pending Tasks', exact: true }) });

/** Manage Tasks: `✅ Mark as Completed` on the first pending row → the row gone. */
export async function completeFirstRow(/** @type {import('@playwright/test').Page} */ page) {
  const row = pendingSection(page).locator('tbody tr').first();
  const title = (await row.locator('th a').textContent({ timeout: 60_000 })) ?? '';
  const button = row.getByRole('button', { name: /Mark as Completed/ });
  return timed(page, 'click', 'rowGone', { title }, () => button.click());
}

/** Manage Tasks: Delete on the first pending row, confirmed → the row gone; the toast's Undo → back. */
export async function deleteAndUndo(/** @type {import('@playwright/test').Page} */ page) {
  const row = pendingSection(page).locator('tbody tr').first();
  const title = (await row.locator('th a').textContent({ timeout: 60_000 })) ?? '';
  await row.getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true });
  const deleted = await timed(page, 'click', 'rowGone', { title }, () => confirm.click());
  const undo = page.getByRole('button', { name: 'Undo', exact: true }).first();
  const undone = await timed(page, 'click', 'rowBack', { title }, () => undo.click());
  return { deleted, undone };
}

/** Create Tasks' grid: ArrowRight on the first slider below 99 % → its "N% Completed" shows N. */
export async function slideFirstCard(/** @type {import('@playwright/test').Page} */ page) {
  const slider = page.getByRole('slider', { name: /^Progress of / }).first();
  await slider.waitFor({ timeout: 60_000 });
  const id = (await slider.getAttribute('id')) ?? '';
  const value = Number(await slider.inputValue());
  const [key, next] = value < 99 ? ['ArrowRight', value + 1] : ['ArrowLeft', value - 1];
  await slider.focus();
  return timed(page, 'keydown', 'textAfter', { id, text: `${next}% Completed` }, () =>
    page.keyboard.press(key),
  );
}

/** The board: the first To Do card picked up with the keyboard and dropped on In Progress (the drop timed). */
export async function dragFirstCard(/** @type {import('@playwright/test').Page} */ page) {
  const card = page.locator('section[data-column="To Do"] [aria-roledescription="draggable task"]').first();
  await card.waitFor({ timeout: 60_000 });
  const title = (await card.locator('h3').textContent()) ?? '';
  await card.focus();
  await page.keyboard.press('Space');
  await page
    .getByText(/is over the To Do column/)
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // dnd-kit may take the first arrow before it has measured the columns (as the e2e tests find).
  const over = page.getByText(/is over the In Progress column/).first();
  for (let tries = 0; !(await over.count()); tries++) {
    if (tries === 10) throw new Error('The keyboard drag never reached In Progress.');
    await page.keyboard.press('ArrowRight');
    await over.waitFor({ state: 'attached', timeout: 1000 }).catch(() => undefined);
  }
  return timed(page, 'keydown', 'inColumn', { title, column: 'In Progress' }, () =>
    page.keyboard.press('Space'),
  );
}

/** The task view (opened from the grid's first card): Priority changed by key → the card behind says it. */
export async function editInTaskView(/** @type {import('@playwright/test').Page} */ page) {
  const card = page.locator('main article').first();
  const title = (await card.locator('h3').textContent({ timeout: 60_000 })) ?? '';
  await card.locator('h3 a').click();
  const view = page.getByRole('dialog');
  const select = view.getByRole('combobox', { name: 'Priority' });
  await select.waitFor({ timeout: 10_000 });
  const now = await select.inputValue();
  const order = ['High', 'Medium', 'Low'];
  const [key, priority] =
    now === 'Low' ? ['ArrowUp', 'Medium'] : ['ArrowDown', order[order.indexOf(now) + 1] ?? 'Low'];
  await select.focus();
  const times = await timed(page, 'keydown', 'cardPriority', { title, priority }, () =>
    page.keyboard.press(key),
  );
  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached', timeout: 10_000 });
  return times;
}
