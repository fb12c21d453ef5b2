import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The landing page (docs/product.md#landing): seven sections in order, the FAQ accordion and the
 * counts (3 testimonials, 3 features, 3 FAQ items, 2 roles), with the exact texts users see.
 */

const CONTACT_API = '**/api/contact';
const SUCCESS = 'Thanks! Your message has been sent.';

/** Section 1 to 6 by their headings; section 7 is the floating back-to-top button. */
const SECTION_HEADINGS = [
  'Welcome to Tasklane',
  'Testimonials',
  'Choose your role',
  'Features',
  'Frequently Asked Questions',
  'Contact Us',
];

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Counts requests to the contact API from now on. */
function countContactRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/contact') count += 1;
  });
  return () => count;
}

async function fillContactForm(contact: Locator, values: { name: string; email: string; message: string }) {
  await contact.getByLabel('Your Name').fill(values.name);
  await contact.getByLabel('Your Email').fill(values.email);
  await contact.getByLabel('Your Message').fill(values.message);
}

/** Jumps (not smooth-scrolls: the page has scroll-behavior smooth) to a vertical position. */
async function jumpTo(page: Page, top: number | 'bottom') {
  await page.evaluate((target) => {
    const y = target === 'bottom' ? document.documentElement.scrollHeight : target;
    window.scrollTo({ top: y, behavior: 'instant' });
  }, top);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test.describe('structure', () => {
  test('the seven sections come in the documented order', async ({ page }) => {
    // Every section is a landmark named by its own heading; read the names in DOM order.
    const names = await page
      .getByRole('main')
      .locator('section[aria-labelledby]')
      .evaluateAll((sections) =>
        sections.map(
          (section) =>
            document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent?.trim() ?? '',
        ),
      );
    expect(names).toEqual(SECTION_HEADINGS);
    for (const [index, name] of SECTION_HEADINGS.entries()) {
      await expect(
        region(page, name).getByRole('heading', { name, level: index === 0 ? 1 : 2 }),
      ).toBeVisible();
    }
    // Section 7: the back-to-top link (a floating button to look at) comes after Contact Us.
    const afterContact = await page.evaluate(() => {
      const contact = document.querySelector('section[aria-labelledby="contact-title"]');
      const button = document.querySelector('a[href="#top"][aria-label="Back to top"]');
      return Boolean(
        contact && button && contact.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(afterContact).toBe(true);
  });

  test('the hero welcomes with the product name and the tagline', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tasklane');
    const hero = region(page, 'Welcome to Tasklane');
    await expect(hero).toContainText(/productivity/i);
    await expect(hero).toContainText(/workflow/i);
    await expect(hero).toContainText(/real time/i);
  });

  test('exactly 3 testimonials, each with a quote and a name', async ({ page }) => {
    const quotes = region(page, 'Testimonials').getByRole('figure');
    await expect(quotes).toHaveCount(3);
    for (const quote of await quotes.all()) {
      await expect(quote.locator('blockquote')).toHaveText(/\w{3,}.*\w{3,}/);
      await expect(quote.locator('figcaption')).toHaveText(/\w+ \w+/);
    }
  });

  test('the 3 features with the exact titles, each described', async ({ page }) => {
    const features = region(page, 'Features');
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Task Management',
      'Time Tracking',
      'Team Collaboration',
    ]);
    await expect(features.getByRole('listitem')).toHaveCount(3);
    for (const item of await features.getByRole('listitem').all()) {
      await expect(item.locator('p')).toHaveText(/\w+ \w+ \w+/);
    }
  });
});

test.describe('role chooser', { tag: '@one-width' }, () => {
  const CASES = [
    { card: 'Team Member', link: 'Sign Up', href: '/signup?role=user' },
    { card: 'Team Member', link: 'Log In', href: '/login?role=user' },
    { card: 'Administrator', link: 'Sign Up', href: '/signup?role=admin' },
    { card: 'Administrator', link: 'Log In', href: '/login?role=admin' },
  ];

  test('two cards, Team Member then Administrator, each with Sign Up and Log In', async ({ page }) => {
    const roles = region(page, 'Choose your role');
    const cards = roles.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Team Member', 'Administrator']);
    await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveCount(2);
    for (const { card, link, href } of CASES) {
      const anchor = roles
        .getByRole('article', { name: card })
        .getByRole('link', { name: link, exact: true });
      await expect(anchor).toHaveText(link);
      await expect(anchor).toHaveAttribute('href', href);
      // Screen readers hear which role the button is for; the visible text stays 'Sign Up' / 'Log In'.
      await expect(anchor).toHaveAccessibleDescription(card);
    }
  });

  for (const { card, link, href } of CASES) {
    test(`${card} → ${link} goes to ${href}`, async ({ page }) => {
      await region(page, 'Choose your role')
        .getByRole('article', { name: card })
        .getByRole('link', { name: link, exact: true })
        .click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
    });
  }
});

test.describe('FAQ accordion', { tag: '@one-width' }, () => {
  test('3 items; one open at a time; clicking the open one closes it', async ({ page }) => {
    const faq = region(page, 'Frequently Asked Questions');
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(3);
    await expect(faq.getByRole('heading', { level: 3 })).toHaveCount(3);
    const [first, second, third] = [triggers.nth(0), triggers.nth(1), triggers.nth(2)];
    const answerOf = async (trigger: Locator) =>
      faq.getByRole('region', { name: (await trigger.textContent()) ?? '', exact: true });

    for (const trigger of [first, second, third])
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(first)).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(await answerOf(first)).toBeVisible();
    await expect(await answerOf(first)).toHaveText(/\w+ \w+ \w+/);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(first)).toBeHidden();
    await expect(await answerOf(second)).toBeVisible();

    await second.click();
    for (const trigger of [first, second, third])
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(second)).toBeHidden();
  });

  test('works from the keyboard: Tab to a trigger, Enter and Space toggle', async ({ page }) => {
    const faq = region(page, 'Frequently Asked Questions');
    const [first, second] = [faq.getByRole('button').nth(0), faq.getByRole('button').nth(1)];
    // Start from the last focusable element before the FAQ (Features has none): Tab lands on item 1.
    await region(page, 'Choose your role')
      .getByRole('article', { name: 'Administrator' })
      .getByRole('link', { name: 'Log In', exact: true })
      .focus();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('Contact Us form', { tag: '@one-width' }, () => {
  test('has the Contact Us fields and button', async ({ page }) => {
    const contact = region(page, 'Contact Us');
    await expect(contact.getByLabel('Your Name')).toHaveAttribute('type', 'text');
    await expect(contact.getByLabel('Your Email')).toHaveAttribute('type', 'email');
    expect(await contact.getByLabel('Your Message').evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await expect(contact.getByRole('button', { name: 'Send Message', exact: true })).toBeVisible();
  });

  test('a real submit shows the success message and clears the fields', async ({ page }) => {
    const contact = region(page, 'Contact Us');
    const marker = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await fillContactForm(contact, {
      name: 'Landing Visitor',
      email: 'Visitor@Example.com',
      message: `Hello from the landing test ${marker}.`,
    });
    // Hold the request until the busy label has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CONTACT_API, async (route) => {
      await released;
      await route.continue();
    });
    const response = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/contact' && res.request().method() === 'POST',
    );
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('button', { name: 'Sending...', exact: true })).toBeVisible();
    release();
    expect((await response).status()).toBe(201);

    await expect(contact.getByRole('status')).toHaveText(SUCCESS);
    await expect(contact.getByRole('button', { name: 'Send Message', exact: true })).toBeVisible();
    for (const label of ['Your Name', 'Your Email', 'Your Message']) {
      await expect(contact.getByLabel(label)).toHaveValue('');
    }
    await expect(contact.getByRole('alert')).toHaveCount(0);
  });

  test('an empty form shows the first problem, focuses that field and sends nothing', async ({ page }) => {
    const requests = countContactRequests(page);
    const contact = region(page, 'Contact Us');
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('alert')).toHaveText('Name is required.');
    await expect(contact.getByLabel('Your Name')).toBeFocused();
    await expect(contact.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');

    await contact.getByLabel('Your Name').fill('Asha');
    await contact.getByLabel('Your Email').fill('not-an-email');
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('alert')).toHaveText('Enter a valid email address.');
    await expect(contact.getByLabel('Your Email')).toBeFocused();
    expect(requests()).toBe(0);
  });

  test('a message over 5,000 characters is refused before sending, and kept', async ({ page }) => {
    const requests = countContactRequests(page);
    const contact = region(page, 'Contact Us');
    const tooLong = 'x'.repeat(5001);
    await fillContactForm(contact, { name: 'Asha Rao', email: 'asha@example.com', message: tooLong });
    await expect(contact.getByText('5,001 / 5,000 characters')).toBeVisible();
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('alert')).toHaveText('Message must be at most 5,000 characters.');
    await expect(contact.getByLabel('Your Message')).toBeFocused();
    await expect(contact.getByLabel('Your Message')).toHaveAttribute('aria-invalid', 'true');
    await expect(contact.getByLabel('Your Message')).toHaveValue(tooLong);
    // Give a stray request time to show up before counting.
    await page.waitForTimeout(300);
    expect(requests()).toBe(0);
  });

  test('a 429 shows the server message and keeps what was typed', async ({ page }) => {
    const message = 'Too many attempts. Please try again in 60 minutes.';
    await page.route(CONTACT_API, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '3600' },
        body: JSON.stringify({ message, code: 'RATE_LIMITED' }),
      }),
    );
    const contact = region(page, 'Contact Us');
    const values = { name: 'Asha Rao', email: 'asha@example.com', message: 'Please keep this text.' };
    await fillContactForm(contact, values);
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('alert')).toHaveText(message);
    await expect(contact.getByLabel('Your Name')).toHaveValue(values.name);
    await expect(contact.getByLabel('Your Email')).toHaveValue(values.email);
    await expect(contact.getByLabel('Your Message')).toHaveValue(values.message);
    await expect(contact.getByRole('button', { name: 'Send Message', exact: true })).toBeVisible();
  });

  test('a network failure shows the generic message and keeps what was typed', async ({ page }) => {
    await page.route(CONTACT_API, (route) => route.abort('connectionrefused'));
    const contact = region(page, 'Contact Us');
    await fillContactForm(contact, { name: 'Asha Rao', email: 'asha@example.com', message: 'Still here?' });
    await contact.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expect(contact.getByRole('alert')).toHaveText('Could not send your message. Please try again.');
    await expect(contact.getByLabel('Your Message')).toHaveValue('Still here?');
  });
});

test.describe('back to top', () => {
  /** Records the options of every window.scrollTo call the page makes from now on. */
  async function recordScrollTo(page: Page) {
    await page.evaluate(() => {
      const calls: unknown[] = [];
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: Parameters<typeof window.scrollTo>) => {
        calls.push(args[0]);
        (original as (...rest: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
    });
  }
  const scrollCalls = (page: Page) =>
    page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls);

  test(
    'appears after scrolling down and smooth-scrolls to the top',
    { tag: '@one-width' },
    async ({ page }) => {
      const button = page.getByRole('link', { name: 'Back to top' });
      await expect(button).toBeHidden();
      await jumpTo(page, 150);
      await expect(button).toBeHidden();
      await jumpTo(page, 'bottom');
      await expect(button).toBeVisible();

      await recordScrollTo(page);
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
      expect(await scrollCalls(page)).toEqual([{ top: 0, behavior: 'smooth' }]);
      await expect(button).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    },
  );

  test(
    'jumps without animation when the user prefers reduced motion',
    { tag: '@one-width' },
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await jumpTo(page, 'bottom');
      const button = page.getByRole('link', { name: 'Back to top' });
      await expect(button).toBeVisible();
      await recordScrollTo(page);
      await button.click();
      expect(await scrollCalls(page)).toEqual([{ top: 0, behavior: 'auto' }]);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    },
  );
});

test('no horizontal scrolling at 360 px', async ({ page }, testInfo) => {
  // Not a hidden failure: the 360 px layout only exists in the mobile-360 project; desktop has its own checks.
  test.skip(testInfo.project.name !== 'mobile-360', 'checked in the 360 px project');
  expect(page.viewportSize()?.width).toBe(360);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await overflow()).toBeLessThanOrEqual(360);
  // Also with an FAQ answer open, the back-to-top button showing and an error message in the form.
  await region(page, 'Frequently Asked Questions').getByRole('button').nth(1).click();
  await region(page, 'Contact Us').getByRole('button', { name: 'Send Message', exact: true }).click();
  await jumpTo(page, 'bottom');
  await expect(page.getByRole('link', { name: 'Back to top' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(360);
});
