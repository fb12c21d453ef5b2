/**
 * Screenshots of every screen, in the light and dark themes, at 1280 px and 360 px, for a person to
 * look at (a page that passes its tests can still look broken). Runs the production build (run
 * `npm run build` first) on a fresh database with a member holding a few tasks, notes and events and
 * an admin.
 *
 * Usage: node scripts/screenshots.mjs [--out /tmp/screens] [--only dashboard,calendar] [--port 3296]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { argValue, registerAccount, runBench } from './bench-support.mjs';
import { makeTasks } from './bench-board-seed.mjs';

const out = path.resolve(argValue('--out') ?? '/tmp/screens');
const only = argValue('--only')?.split(',');
mkdirSync(out, { recursive: true });

/** @type {Array<{ name: string, path: string, as: 'nobody' | 'member' | 'admin', full?: boolean }>} */
const SCREENS = [
  { name: 'landing', path: '/', as: 'nobody', full: true },
  { name: 'login', path: '/login', as: 'nobody' },
  { name: 'signup', path: '/signup', as: 'nobody' },
  { name: 'forgot-password', path: '/forgot-password', as: 'nobody' },
  { name: 'dashboard', path: '/user/dashboard', as: 'member', full: true },
  { name: 'userpage', path: '/user/userpage', as: 'member' },
  { name: 'calendar', path: '/user/calendar', as: 'member' },
  { name: 'notifications', path: '/user/notifications', as: 'member' },
  { name: 'profile', path: '/user/profile', as: 'member', full: true },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin', full: true },
  { name: 'manage-users', path: '/admin/manage-users', as: 'admin' },
  { name: 'manage-tasks', path: '/admin/manage-tasks', as: 'admin' },
  { name: 'admin-settings', path: '/admin/settings', as: 'admin', full: true },
  { name: 'not-found', path: '/no-such-page', as: 'nobody' },
];
const THEMES = ['light', 'dark'];
const WIDTHS = [1280, 360];

await runBench(
  { port: Number(argValue('--port') ?? 3296), dataDir: 'data/screenshots' },
  async ({ base, browser }) => {
    const admin = await registerAccount(base, { fullName: 'Ada Admin', role: 'admin' });
    const member = await registerAccount(base, { fullName: 'Bench User', email: 'bench@example.com' });
    const tasks = JSON.stringify(makeTasks(12, 4));
    const seeds = {
      member: { token: member.token, email: member.email, name: member.fullName },
      admin: { token: admin.token, email: admin.email, name: admin.fullName },
    };
    for (const screen of SCREENS.filter(({ name }) => !only || only.includes(name))) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const context = await browser.newContext({
            viewport: { width, height: 800 },
            serviceWorkers: 'block',
          });
          const page = await context.newPage();
          await page.goto(`${base}/robots.txt`);
          await page.evaluate(
            ({ theme, seed, tasks }) => {
              localStorage.setItem('tasklane.theme', theme);
              if (!seed) return;
              localStorage.setItem('token', seed.token);
              localStorage.setItem('user', JSON.stringify({ email: seed.email }));
              localStorage.setItem('loggedInUser', JSON.stringify({ name: seed.name }));
              localStorage.setItem('tasks', tasks);
              localStorage.setItem('notes', JSON.stringify('Call the printer about the posters.'));
            },
            { theme, seed: screen.as === 'nobody' ? null : seeds[screen.as], tasks },
          );
          await page.goto(`${base}${screen.path}`, { waitUntil: 'networkidle' });
          // Toasts and lazily loaded parts settle; the chart loads when scrolled near.
          await page.mouse.wheel(0, 4000);
          await page.waitForTimeout(800);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForTimeout(300);
          const file = path.join(out, `${screen.name}-${theme}-${width}.png`);
          await page.screenshot({ path: file, fullPage: screen.full ?? false });
          await context.close();
        }
      }
    }
    console.log(`Screenshots in ${out}`);
  },
);
