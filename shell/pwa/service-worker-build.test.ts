import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildServiceWorker } from '@/scripts/service-worker-build.mjs';

/** A minimal `.next` folder: two App Router pages, a route handler, a Pages Router runtime chunk. */
function fakeBuild(buildId: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tasklane-sw-'));
  const next = path.join(root, '.next');
  mkdirSync(path.join(next, 'static/chunks'), { recursive: true });
  mkdirSync(path.join(next, `static/${buildId}`), { recursive: true });
  mkdirSync(path.join(root, 'public/icons'), { recursive: true });
  writeFileSync(path.join(next, 'BUILD_ID'), buildId);
  writeFileSync(
    path.join(next, 'app-path-routes-manifest.json'),
    JSON.stringify({
      '/(auth)/login/page': '/login',
      '/user/dashboard/page': '/user/dashboard',
      '/_not-found/page': '/_not-found',
      '/admin/users/route': '/admin/users',
      '/api/health/route': '/api/health',
    }),
  );
  writeFileSync(
    path.join(next, 'build-manifest.json'),
    JSON.stringify({
      pages: {
        '/_app': ['static/chunks/pages-runtime.js', 'static/chunks/site.css', 'static/chunks/runtime.js'],
      },
      polyfillFiles: ['static/chunks/polyfills.js'],
      lowPriorityFiles: [`static/${buildId}/_buildManifest.js`],
      rootMainFiles: ['static/chunks/runtime.js', 'static/chunks/app.js'],
    }),
  );
  for (const file of [
    'pages-runtime.js',
    'polyfills.js',
    'runtime.js',
    'app.js',
    'lazy.js',
    'site.css',
    'app.js.map',
  ]) {
    writeFileSync(path.join(next, 'static/chunks', file), '');
  }
  writeFileSync(path.join(next, `static/${buildId}/_buildManifest.js`), '');
  writeFileSync(path.join(root, 'public/landing.js'), '');
  writeFileSync(path.join(root, 'public/icons/icon-192.png'), '');
  return root;
}

describe('buildServiceWorker', () => {
  it('precaches the app’s pages and the files they run, and leaves the rest out', () => {
    const { config } = buildServiceWorker({ root: fakeBuild('build-1') });
    expect(config.buildId).toBe('build-1');
    expect(config.pages).toEqual(['/', '/login', '/user/dashboard']);
    expect(config.assets).toEqual([
      '/_next/static/chunks/app.js',
      '/_next/static/chunks/lazy.js',
      '/_next/static/chunks/runtime.js',
      '/_next/static/chunks/site.css',
      '/landing.js',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
      '/icon.svg',
      '/apple-icon.png',
    ]);
  });

  it('writes a classic script whose bytes change with the build and which starts the worker', () => {
    const first = buildServiceWorker({ root: fakeBuild('build-1') }).source;
    const second = buildServiceWorker({ root: fakeBuild('build-2') }).source;
    expect(first).not.toBe(second);
    expect(first).not.toMatch(/^\s*(import|export)\s/m);

    const listeners: string[] = [];
    const self = {
      location: { origin: 'https://tasks.example' },
      addEventListener: (type: string) => listeners.push(type),
    };
    vm.runInNewContext(first, { self, URL, setTimeout, clearTimeout, MessageChannel, Request, Promise, Set });
    expect(listeners.sort()).toEqual(['activate', 'fetch', 'install', 'message']);
  });
});
