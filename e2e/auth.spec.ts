import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { countRequests, failApi, holdRequests, stubApi, stubUsers } from './page-helpers';
import {
  E2E_PASSWORD,
  fakeToken,
  readSession,
  registerViaApi,
  requestResetToken,
  uniqueEmail,
} from './session-helpers';

/**
 * The account screens: Sign up, Log in, Forgot password and Reset password, the moves between them,
 * their validation and their error texts, exactly as users see them (docs/product.md#sign-up,
 * docs/product.md#log-in, docs/product.md#forgot-password, docs/product.md#reset-password and
 * docs/product.md#account-screens).
 */

const REGISTER = '/api/auth/register';
const LOGIN = '/api/auth/login';
const FORGOT = '/api/forgot-password';
const RESET = '/api/reset-password';

const ADMIN_CLOSED = 'Admin sign-up is closed. Ask an administrator to grant you the admin role.';
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

// Next.js adds its own role="alert" route announcer, so messages are looked for inside the page's main.
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');
const statusIn = (page: Page) => page.getByRole('main').getByRole('status');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const link = (page: Page, name: string) => page.getByRole('main').getByRole('link', { name, exact: true });

/** Opens `path` with the page's clock stopped once it has loaded: from then on the test decides when timers fire. */
async function gotoWithFrozenClock(page: Page, path: string) {
  await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
  await page.goto(path);
  await page.clock.pauseAt(new Date('2030-01-01T09:30:00Z'));
}

/**
 * With the clock paused, a page opened by a link renders only as time moves (its code is fetched on
 * the way, the links prefetching on intent only: shared/ui/intent-link.tsx; React reveals it on a
 * timer). Moves the clock 50 ms at a time, far less than any delay under test, until the page's
 * heading is `title`.
 */
async function expectHeadingWithPausedClock(page: Page, title: string) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(50);
        return (await heading(page).allTextContents()).join(' | ');
      },
      { timeout: 20_000 },
    )
    .toBe(title);
}

async function fillSignup(
  page: Page,
  values: { fullName: string; email: string; password: string; confirmPassword?: string },
) {
  await page.getByLabel('Full Name', { exact: true }).fill(values.fullName);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(values.confirmPassword ?? values.password);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function fillReset(page: Page, password: string, confirmPassword = password) {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
}

test.describe('titles follow ?role= (anything but admin means user)', { tag: '@one-width' }, () => {
  const cases = [
    { path: '/signup', admin: 'Admin Signup', user: 'User Signup' },
    { path: '/login', admin: 'Admin Login', user: 'User Login' },
    { path: '/forgot-password', admin: 'Admin Password Recovery', user: 'Reset Your Password' },
  ];
  for (const { path, admin, user } of cases) {
    test(`${path}`, async ({ page }) => {
      await page.goto(`${path}?role=admin`);
      await expect(heading(page)).toHaveText(admin);
      await page.goto(`${path}?role=user`);
      await expect(heading(page)).toHaveText(user);
      await page.goto(`${path}?role=superuser`);
      await expect(heading(page)).toHaveText(user);
      await page.goto(path);
      await expect(heading(page)).toHaveText(user);
    });
  }

  test('/reset-password has one title for everyone', async ({ page }) => {
    await page.goto('/reset-password?token=abc&role=admin');
    await expect(heading(page)).toHaveText('Set a New Password');
  });

  test('each screen has its own document title', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up · Tasklane');
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in · Tasklane');
    await page.goto('/forgot-password');
    await expect(page).toHaveTitle('Forgot password · Tasklane');
    await page.goto('/reset-password');
    await expect(page).toHaveTitle('Reset password · Tasklane');
  });
});

test(
  'the role survives signup → Log in → Forgot Password? → Log in → Sign up',
  { tag: '@one-width' },
  async ({ page }) => {
    await page.goto('/signup?role=admin');
    await expect(heading(page)).toHaveText('Admin Signup');

    await link(page, 'Log in').click();
    await expect(page).toHaveURL(/\/login\?role=admin$/);
    await expect(heading(page)).toHaveText('Admin Login');

    await link(page, 'Forgot Password?').click();
    await expect(page).toHaveURL(/\/forgot-password\?role=admin$/);
    await expect(heading(page)).toHaveText('Admin Password Recovery');

    await link(page, 'Log in').click();
    await expect(page).toHaveURL(/\/login\?role=admin$/);
    await expect(heading(page)).toHaveText('Admin Login');

    await link(page, 'Sign up').click();
    await expect(page).toHaveURL(/\/signup\?role=admin$/);
    await expect(heading(page)).toHaveText('Admin Signup');
  },
);

test('an unknown role travels on as user', { tag: '@one-width' }, async ({ page }) => {
  await page.goto('/signup?role=root');
  await expect(link(page, 'Log in')).toHaveAttribute('href', '/login?role=user');
  await page.goto('/login?role=root');
  await expect(link(page, 'Forgot Password?')).toHaveAttribute('href', '/forgot-password?role=user');
  await expect(link(page, 'Sign up')).toHaveAttribute('href', '/signup?role=user');
  await page.goto('/forgot-password?role=root');
  await expect(link(page, 'Log in')).toHaveAttribute('href', '/login?role=user');
});

test.describe('Sign up', { tag: '@one-width' }, () => {
  test('has the four required fields with the right types', async ({ page }) => {
    await page.goto('/signup');
    const fullName = page.getByLabel('Full Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    for (const field of [fullName, email, password, confirm])
      await expect(field).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('autocomplete', 'email');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(confirm).toHaveAttribute('type', 'password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    await expect(button(page, 'Sign Up')).toBeEnabled();

    // The show/hide toggle works and is named after its own field.
    await password.fill('visible-now');
    await button(page, 'Show password').click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(button(page, 'Hide password')).toBeVisible();
  });

  test('mismatched passwords: "Passwords do not match!" and no request', async ({ page }) => {
    const registers = countRequests(page, REGISTER);
    await page.goto('/signup');
    await fillSignup(page, {
      fullName: 'Mia Match',
      email: uniqueEmail('mismatch'),
      password: E2E_PASSWORD,
      confirmPassword: `${E2E_PASSWORD}x`,
    });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('Passwords do not match!');
    await expect(button(page, 'Sign Up')).toBeEnabled();
    expect(registers.count).toBe(0);
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a user signs up, the session is stored exactly and they land on /user/dashboard', async ({
    page,
  }) => {
    const registers = countRequests(page, REGISTER);
    const email = uniqueEmail('signup-user');
    await page.goto('/signup?role=user');
    await fillSignup(page, { fullName: 'Uma User', email, password: E2E_PASSWORD });
    await button(page, 'Sign Up').click();
    await page.waitForURL(/\/user\/dashboard$/);

    expect(registers.count).toBe(1);
    expect(registers.last?.postDataJSON()).toEqual({
      fullName: 'Uma User',
      email,
      password: E2E_PASSWORD,
      role: 'user',
    });
    const session = await readSession(page);
    expect(session.token).toMatch(JWT_SHAPE);
    expect(session.user).toBe(JSON.stringify({ email }));
    expect(session.loggedInUser).toBe(JSON.stringify({ name: 'Uma User' }));
  });

  test('an admin sign-up sends role admin and lands on /admin/dashboard', async ({ page }) => {
    // The server allows only the first admin and tests share one server, so its answer is stubbed.
    const token = fakeToken('admin');
    await stubApi(page, REGISTER, 201, { token, role: 'admin', message: 'Account created successfully.' });
    // The admin dashboard loads the user list; with a fake token the real server would end the session.
    await stubUsers(page, []);
    const registers = countRequests(page, REGISTER);
    const email = uniqueEmail('signup-admin');
    await page.goto('/signup?role=admin');
    await fillSignup(page, { fullName: 'Ada Admin', email, password: E2E_PASSWORD });
    await button(page, 'Sign Up').click();
    await page.waitForURL(/\/admin\/dashboard$/);

    expect(registers.last?.postDataJSON()).toMatchObject({ role: 'admin', email, fullName: 'Ada Admin' });
    // No user in the answer: the typed email and name are stored.
    expect(await readSession(page)).toEqual({
      token,
      user: JSON.stringify({ email }),
      loggedInUser: JSON.stringify({ name: 'Ada Admin' }),
    });
  });

  test('shows "Signing Up..." and is disabled while the request is on its way', async ({ page }) => {
    const held = await holdRequests(page, REGISTER);
    await page.goto('/signup');
    await fillSignup(page, {
      fullName: 'Bea Busy',
      email: uniqueEmail('busy-signup'),
      password: E2E_PASSWORD,
    });
    await button(page, 'Sign Up').click();
    await expect(button(page, 'Signing Up...')).toBeDisabled();
    await expect(button(page, 'Sign Up')).toHaveCount(0);
    held.release();
    await page.waitForURL(/\/user\/dashboard$/);
  });

  test('a taken email shows the server message', async ({ page, request }) => {
    const email = uniqueEmail('taken');
    await registerViaApi(request, { fullName: 'First Owner', email });
    await page.goto('/signup');
    await fillSignup(page, { fullName: 'Second Try', email, password: E2E_PASSWORD });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('An account with this email already exists. Log in instead.');
    await expect(button(page, 'Sign Up')).toBeEnabled();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await readSession(page)).toEqual({ token: null, user: null, loggedInUser: null });
  });

  test('a closed admin sign-up (403) shows the server message', async ({ page }) => {
    await stubApi(page, REGISTER, 403, { message: ADMIN_CLOSED, code: 'ADMIN_SIGNUP_CLOSED' });
    await page.goto('/signup?role=admin');
    await fillSignup(page, {
      fullName: 'Late Admin',
      email: uniqueEmail('late-admin'),
      password: E2E_PASSWORD,
    });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText(ADMIN_CLOSED);
    await expect(page).toHaveURL(/\/signup\?role=admin$/);
  });

  test('a short password shows the server validation message', async ({ page }) => {
    await page.goto('/signup');
    await fillSignup(page, { fullName: 'Shorty', email: uniqueEmail('short'), password: 'short' });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('Password must be at least 8 characters.');
  });

  test('a 2xx without a token: "Failed to receive token. Try again."', async ({ page }) => {
    await stubApi(page, REGISTER, 201, { message: 'Account created successfully.' });
    await page.goto('/signup');
    await fillSignup(page, { fullName: 'No Token', email: uniqueEmail('no-token'), password: E2E_PASSWORD });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('Failed to receive token. Try again.');
    await expect(page).toHaveURL(/\/signup$/);
    expect((await readSession(page)).token).toBeNull();
  });

  test('no server message (bodiless 500, network down): "Failed to create an account. Try again."', async ({
    page,
  }) => {
    await stubApi(page, REGISTER, 500);
    await page.goto('/signup');
    await fillSignup(page, { fullName: 'Err Or', email: uniqueEmail('err'), password: E2E_PASSWORD });
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('Failed to create an account. Try again.');

    await page.unrouteAll();
    await failApi(page, REGISTER);
    await button(page, 'Sign Up').click();
    await expect(alertIn(page)).toHaveText('Failed to create an account. Try again.');
    await expect(button(page, 'Sign Up')).toBeEnabled();
  });
});

test.describe('Log in', { tag: '@one-width' }, () => {
  test('has required Email and Password fields', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await expect(email).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(password).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(button(page, 'Login')).toBeEnabled();
    await expect(statusIn(page)).toHaveCount(0);
  });

  test('a user logs in (Enter submits), the session is stored and they land on /user/dashboard', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('login-user');
    await registerViaApi(request, { fullName: 'Leo Login', email });
    const logins = countRequests(page, LOGIN);
    await page.goto('/login?role=user');
    await fillLogin(page, email, E2E_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/user\/dashboard$/);

    expect(logins.last?.postDataJSON()).toEqual({ email, password: E2E_PASSWORD, role: 'user' });
    const session = await readSession(page);
    expect(session.token).toMatch(JWT_SHAPE);
    expect(session.user).toBe(JSON.stringify({ email }));
    expect(session.loggedInUser).toBe(JSON.stringify({ name: 'Leo Login' }));
  });

  test('the redirect follows the role the server returns, not the page role', async ({ page }) => {
    const email = uniqueEmail('login-admin');
    const token = fakeToken('admin');
    await stubApi(page, LOGIN, 200, {
      token,
      role: 'admin',
      user: { fullName: 'Ari Admin', email, role: 'admin' },
      message: 'Login successful.',
    });
    // The admin dashboard loads the user list; with a fake token the real server would end the session.
    await stubUsers(page, []);
    const logins = countRequests(page, LOGIN);
    await page.goto('/login?role=user');
    await fillLogin(page, email, E2E_PASSWORD);
    await button(page, 'Login').click();
    await page.waitForURL(/\/admin\/dashboard$/);
    expect(logins.last?.postDataJSON()).toEqual({ email, password: E2E_PASSWORD, role: 'user' });
    expect(await readSession(page)).toEqual({
      token,
      user: JSON.stringify({ email }),
      loggedInUser: JSON.stringify({ name: 'Ari Admin' }),
    });
  });

  test('a user who picked the admin card still lands on /user/dashboard', async ({ page, request }) => {
    const email = uniqueEmail('login-wrong-card');
    await registerViaApi(request, { fullName: 'Card Picker', email });
    await page.goto('/login?role=admin');
    await fillLogin(page, email, E2E_PASSWORD);
    await button(page, 'Login').click();
    await page.waitForURL(/\/user\/dashboard$/);
  });

  test('shows "Logging in..." and is disabled while the request is on its way', async ({ page, request }) => {
    const email = uniqueEmail('busy-login');
    await registerViaApi(request, { fullName: 'Busy Login', email });
    const held = await holdRequests(page, LOGIN);
    await page.goto('/login');
    await fillLogin(page, email, E2E_PASSWORD);
    await button(page, 'Login').click();
    await expect(button(page, 'Logging in...')).toBeDisabled();
    held.release();
    await page.waitForURL(/\/user\/dashboard$/);
  });

  test('a wrong password shows the server message', async ({ page, request }) => {
    const email = uniqueEmail('wrong-password');
    await registerViaApi(request, { fullName: 'Wrong Password', email });
    await page.goto('/login');
    await fillLogin(page, email, 'not-the-password');
    await button(page, 'Login').click();
    await expect(alertIn(page)).toHaveText('Invalid email or password.');
    await expect(button(page, 'Login')).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readSession(page)).toEqual({ token: null, user: null, loggedInUser: null });
  });

  test('an error status without a message: "Invalid credentials"', async ({ page }) => {
    await stubApi(page, LOGIN, 500);
    await page.goto('/login');
    await fillLogin(page, uniqueEmail('bodiless'), E2E_PASSWORD);
    await button(page, 'Login').click();
    await expect(alertIn(page)).toHaveText('Invalid credentials');
  });

  test('a network failure: "Server error, please try again."', async ({ page }) => {
    await failApi(page, LOGIN);
    await page.goto('/login');
    await fillLogin(page, uniqueEmail('offline'), E2E_PASSWORD);
    await button(page, 'Login').click();
    await expect(alertIn(page)).toHaveText('Server error, please try again.');
    await expect(button(page, 'Login')).toBeEnabled();
  });

  test('no answer within 10 s: "Request timeout, please try again."', async ({ page }) => {
    // Never answered: only the client's own 10 s timer can end the request.
    await page.route(
      (url) => url.pathname === LOGIN,
      () => undefined,
    );
    await gotoWithFrozenClock(page, '/login');
    await fillLogin(page, uniqueEmail('slow'), E2E_PASSWORD);
    await button(page, 'Login').click();
    await expect(button(page, 'Logging in...')).toBeDisabled();

    await page.clock.runFor(9_900);
    await expect(button(page, 'Logging in...')).toBeDisabled();
    await expect(alertIn(page)).toHaveCount(0);

    await page.clock.runFor(200);
    await expect(alertIn(page)).toHaveText('Request timeout, please try again.');
    await expect(button(page, 'Login')).toBeEnabled();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('?reason=expired explains why the user is back at login', async ({ page }) => {
    await page.goto('/login?reason=expired&role=admin');
    await expect(heading(page)).toHaveText('Admin Login');
    await expect(statusIn(page)).toHaveText('Your session has expired. Please log in again.');
    await expect(alertIn(page)).toHaveCount(0);
  });
});

test.describe('Forgot password', { tag: '@one-width' }, () => {
  test('success: the message, then /login with the role after 3 s and not before', async ({ page }) => {
    const forgots = countRequests(page, FORGOT);
    const email = uniqueEmail('forgot');
    await gotoWithFrozenClock(page, '/forgot-password?role=admin');
    const field = page.getByLabel('Email', { exact: true });
    await expect(field).toHaveAttribute('required', '');
    await expect(field).toHaveAttribute('type', 'email');
    await field.fill(email);
    await button(page, 'Send Reset Link').click();
    await expect(statusIn(page)).toHaveText('Reset link sent successfully. Check your email.');
    expect(forgots.last?.postDataJSON()).toEqual({ email, role: 'admin' });

    await page.clock.runFor(2_900);
    await expect(page).toHaveURL(/\/forgot-password\?role=admin$/);
    await page.clock.runFor(200);
    await page.waitForURL(/\/login\?role=admin$/);
    // The redirect's timing is checked; the login page may need timers of its own to render (its
    // code arriving): time flows again (flaky once in CI with the clock still paused).
    await page.clock.resume();
    await expect(heading(page)).toHaveText('Admin Login');
  });

  test('leaving before the 3 s does not pull the user back to /login', async ({ page }) => {
    await gotoWithFrozenClock(page, '/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('forgot-leave'));
    await button(page, 'Send Reset Link').click();
    await expect(statusIn(page)).toHaveText('Reset link sent successfully. Check your email.');
    const sentAt = await page.evaluate(() => Date.now());
    await link(page, 'Log in').click();
    await page.waitForURL(/\/login\?role=user$/);
    await expectHeadingWithPausedClock(page, 'User Login');
    await link(page, 'Sign up').click();
    await page.waitForURL(/\/signup\?role=user$/);
    await expectHeadingWithPausedClock(page, 'User Signup');
    // Still inside the redirect's 3 s: a timer left running would fire within the 5 s below.
    expect((await page.evaluate(() => Date.now())) - sentAt).toBeLessThan(3_000);
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(/\/signup\?role=user$/);
    await expect(heading(page)).toHaveText('User Signup');
  });

  test('shows "Sending..." and is disabled while the request is on its way', async ({ page }) => {
    const held = await holdRequests(page, FORGOT);
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('forgot-busy'));
    await button(page, 'Send Reset Link').click();
    await expect(button(page, 'Sending...')).toBeDisabled();
    held.release();
    await expect(statusIn(page)).toHaveText('Reset link sent successfully. Check your email.');
  });

  test('failures: the server message, "Something went wrong." or the network message', async ({ page }) => {
    await stubApi(page, FORGOT, 429, { message: 'Too many attempts. Try again in 60 seconds.' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('forgot-fail'));
    await button(page, 'Send Reset Link').click();
    await expect(alertIn(page)).toHaveText('Too many attempts. Try again in 60 seconds.');

    await page.unrouteAll();
    await stubApi(page, FORGOT, 500);
    await button(page, 'Send Reset Link').click();
    await expect(alertIn(page)).toHaveText('Something went wrong.');

    await page.unrouteAll();
    await failApi(page, FORGOT);
    await button(page, 'Send Reset Link').click();
    await expect(alertIn(page)).toHaveText('Failed to send reset link. Please try again.');
    await expect(statusIn(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('Reset password', { tag: '@one-width' }, () => {
  test('a link without a token says so instead of showing a form', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(heading(page)).toHaveText('Set a New Password');
    await expect(alertIn(page)).toHaveText('This reset link is incomplete. Request a new one.');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await link(page, 'Request a new reset link').click();
    await page.waitForURL(/\/forgot-password$/);
  });

  test('has the two password fields; a mismatch shows "Passwords do not match!" and sends nothing', async ({
    page,
  }) => {
    const resets = countRequests(page, RESET);
    await page.goto('/reset-password?token=some-token');
    for (const label of ['New Password', 'Confirm Password']) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('required', '');
      await expect(field).toHaveAttribute('type', 'password');
      await expect(field).toHaveAttribute('autocomplete', 'new-password');
    }
    await fillReset(page, 'new-password-1', 'new-password-2');
    await button(page, 'Reset Password').click();
    await expect(alertIn(page)).toHaveText('Passwords do not match!');
    expect(resets.count).toBe(0);
  });

  test('the emailed link sets a new password, User Login leads to a working login; reuse fails', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    await registerViaApi(request, { fullName: 'Rita Reset', email });
    const token = await requestResetToken(request, email);
    const resets = countRequests(page, RESET);
    const newPassword = 'brand-new-password';

    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await fillReset(page, newPassword);
    await button(page, 'Reset Password').click();
    await expect(statusIn(page)).toHaveText('Password reset successful! Please log in.');
    expect(resets.last?.postDataJSON()).toEqual({ token, password: newPassword });
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await expect(button(page, 'Admin Login')).toBeVisible();

    await button(page, 'User Login').click();
    await page.waitForURL(/\/login\?role=user$/);
    await fillLogin(page, email, newPassword);
    await button(page, 'Login').click();
    await page.waitForURL(/\/user\/dashboard$/);

    // The link works once.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await fillReset(page, 'another-password');
    await button(page, 'Reset Password').click();
    await expect(alertIn(page)).toHaveText(
      'This reset link is invalid, expired or already used. Request a new one.',
    );
    await expect(button(page, 'Reset Password')).toBeEnabled();
  });

  test('shows "Resetting..." while busy; Admin Login goes to /login?role=admin', async ({ page }) => {
    const held = await holdRequests(page, RESET, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Your password has been reset. You can now log in.' }),
      }),
    );
    await page.goto('/reset-password?token=stubbed-token');
    await fillReset(page, 'new-password-1');
    await button(page, 'Reset Password').click();
    await expect(button(page, 'Resetting...')).toBeDisabled();
    held.release();
    await expect(statusIn(page)).toHaveText('Password reset successful! Please log in.');
    await button(page, 'Admin Login').click();
    await page.waitForURL(/\/login\?role=admin$/);
    await expect(heading(page)).toHaveText('Admin Login');
  });

  test('failures: "Failed to reset password." without a message, "Something went wrong. Try again." offline', async ({
    page,
  }) => {
    await stubApi(page, RESET, 500);
    await page.goto('/reset-password?token=stubbed-token');
    await fillReset(page, 'new-password-1');
    await button(page, 'Reset Password').click();
    await expect(alertIn(page)).toHaveText('Failed to reset password.');

    await page.unrouteAll();
    await failApi(page, RESET);
    await button(page, 'Reset Password').click();
    await expect(alertIn(page)).toHaveText('Something went wrong. Try again.');
    await expect(statusIn(page)).toHaveCount(0);
  });
});
