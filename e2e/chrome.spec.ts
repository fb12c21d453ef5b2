import { expect, test } from './fixtures';
import { storeData } from './page-helpers';
import { fakeToken, registerViaApi, signIn, uniqueEmail } from './session-helpers';

test.describe('navbar', () => {
  for (const path of ['/', '/login', '/signup']) {
    test(`is not shown on ${path}`, { tag: '@one-width' }, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    });
  }

  for (const path of ['/forgot-password', '/reset-password?token=x']) {
    test(`is shown on ${path} with the default name 'User'`, { tag: '@one-width' }, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await expect(nav.getByTestId('profile-name')).toHaveText('User');
    });
  }

  test(
    'shows the stored user profile name and links Profile to /user/profile',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await storeData(page, { json: { userProfile: { name: 'Asha Rao' } } });
      await page.goto('/user/dashboard');
      await page.getByRole('button', { name: 'Profile menu for Asha Rao' }).click();
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    },
  );

  test(
    'the profile menu works from the keyboard and closes on Escape or a click outside',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await storeData(page, { json: { userProfile: { name: 'Kiran Keys' } } });
      await page.goto('/user/dashboard');
      const trigger = page.getByRole('button', { name: 'Profile menu for Kiran Keys' });
      await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');

      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('menu')).toHaveCount(0);

      await trigger.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.getByRole('heading', { name: 'To Do' }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);

      // Opened with the mouse, focus stays on the button; Escape still closes the menu.
      await trigger.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(trigger).toBeFocused();
    },
  );

  test(
    'reads adminProfile under /admin and links Profile to /admin/profile',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await storeData(page, {
        json: { adminProfile: { name: 'Admin User', role: 'Admin' }, userProfile: { name: 'Nope' } },
      });
      await page.goto('/admin/dashboard');
      await page.getByRole('button', { name: 'Profile menu for Admin User' }).click();
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/admin/profile');
    },
  );

  test(
    'shows a default icon without a picture and the picture when there is one',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const pixel =
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
      await storeData(page, { json: { userProfile: { name: 'Pic Person', profilePic: pixel } } });
      await page.goto('/user/dashboard');
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('img')).toHaveAttribute(
        'src',
        pixel,
      );
    },
  );

  test('Logout clears the session and that profile, then goes to /', async ({ memberPage: page }) => {
    await storeData(page, {
      json: { userProfile: { name: 'Leaving Soon' }, adminProfile: { name: 'Stays' } },
    });
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: 'Profile menu for Leaving Soon' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
      loggedInUser: localStorage.getItem('loggedInUser'),
      userProfile: localStorage.getItem('userProfile'),
      adminProfile: localStorage.getItem('adminProfile'),
    }));
    expect(stored).toEqual({
      token: null,
      user: null,
      loggedInUser: null,
      userProfile: null,
      adminProfile: JSON.stringify({ name: 'Stays' }),
    });
  });

  test(
    'Logout ends the session on the server too: its token gets 401 afterwards',
    { tag: '@one-width' },
    async ({ adminPage: page, adminToken }) => {
      // Signed in, an empty body reaches validation (400); once the token is revoked it stops at 401.
      const tryToken = () =>
        page.request.post('/api/auth/change-password', {
          headers: { Authorization: `Bearer ${adminToken}` },
          data: {},
        });
      expect((await tryToken()).status()).toBe(400);
      // A stored profile name: the menu button carries it only once the page is hydrated, so the
      // click below cannot land on the server-rendered button before it listens.
      await storeData(page, { json: { adminProfile: { name: 'Leaving Admin' } } });
      await page.goto('/admin/dashboard');
      // The request, not its answer: the answer may come after the page has left for / (the call is
      // `keepalive` and not awaited), and Playwright reports no response for a page that is gone.
      const loggedOut = page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/api/auth/logout' && request.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Profile menu for Leaving Admin' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await loggedOut).headers().authorization).toBe(`Bearer ${adminToken}`);
      await expect.poll(async () => (await tryToken()).status()).toBe(401);
    },
  );

  test(
    'the logo goes to the dashboard after 0.5 s, not before',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await page.clock.install();
      await page.goto('/forgot-password');
      await page.getByRole('link', { name: 'Tasklane' }).click();
      await page.clock.runFor(400);
      expect(new URL(page.url()).pathname).toBe('/forgot-password');
      await page.clock.runFor(200);
      // /forgot-password is not an /admin path, so the user dashboard is the target.
      await page.waitForURL('**/user/dashboard');
    },
  );

  test(
    'the logo reloads when already on the dashboard',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('link', { name: 'Tasklane' })).toHaveAttribute('href', '/admin/dashboard');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('link', { name: 'Tasklane' }).click();
      await reloaded;
      expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    },
  );
});

test.describe('footer', { tag: '@one-width' }, () => {
  for (const path of ['/', '/login', '/signup', '/forgot-password']) {
    test(`shows the copyright line on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 Tasklane. All rights reserved.');
    });
  }

  test('has four named icon links on / only', async ({ page }) => {
    await page.goto('/');
    const links = page.getByRole('contentinfo').getByRole('link');
    await expect(links).toHaveCount(4);
    for (const name of [
      'Tasklane on GitHub',
      'Tasklane on LinkedIn',
      'Tasklane on X (Twitter)',
      'Email Tasklane',
    ]) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name })).toBeVisible();
    }
    await page.goto('/login');
    await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(0);
  });
});

test.describe('page guards', { tag: '@one-width' }, () => {
  test('/user/* without a token goes to /login?role=user and shows nothing protected', async ({ page }) => {
    await page.goto('/user/dashboard');
    await page.waitForURL('**/login?role=user');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('/admin/* without a token goes to /login?role=admin', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/login?role=admin');
  });

  test('/admin/* with a user token goes to /login?role=admin', async ({ memberPage: page }) => {
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/login?role=admin');
  });

  test('a logout in another tab sends this tab to the login screen', async ({ memberPage: page }) => {
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible();
    const other = await page.context().newPage();
    await other.goto('/user/notifications');
    await other.getByRole('button', { name: 'Profile menu for User' }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await page.waitForURL('**/login?role=user');
  });

  test('an expired token counts as none', async ({ page }) => {
    await signIn(page, { token: fakeToken('admin', { exp: 1 }), email: 'late@example.com', name: 'Late' });
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/login?role=admin');
  });

  test('a valid session reaches its area', async ({ adminPage: page }) => {
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a real sign-up session reaches the user dashboard', async ({ page, request }) => {
    const email = uniqueEmail('guard');
    const token = await registerViaApi(request, { fullName: 'Guard Test', email });
    await signIn(page, { token, email, name: 'Guard Test' });
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
