import { describe, expect, it } from 'vitest';
import {
  BUILDS_CACHE,
  buildIdOf,
  buildsToKeep,
  cacheNamesFor,
  cachesToDelete,
  withBuild,
  pagePathFor,
  staticCachesInUse,
  strategyFor,
  type RequestFacts,
} from './service-worker';

const ORIGIN = 'https://tasks.example';
const PAGES = ['/', '/login', '/user/dashboard', '/user/calendar', '/admin/manage-users'];

function facts(path: string, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return { url: `${ORIGIN}${path}`, method: 'GET', mode: 'no-cors', rsc: false, ...overrides };
}

describe('strategyFor', () => {
  it('serves the build’s hashed files cache-first', () => {
    expect(strategyFor(facts('/_next/static/chunks/0abc.js'), ORIGIN, PAGES)).toBe('static');
    expect(strategyFor(facts('/_next/static/chunks/1xyz.css'), ORIGIN, PAGES)).toBe('static');
  });

  it('serves navigations to the app’s pages network-first, whatever their query', () => {
    expect(strategyFor(facts('/user/dashboard', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('page');
    expect(strategyFor(facts('/user/dashboard/', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('page');
    expect(strategyFor(facts('/login?role=admin', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('page');
    expect(strategyFor(facts('/', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('page');
  });

  it('leaves navigations to other paths alone (a 404 is never cached)', () => {
    expect(strategyFor(facts('/no-such-page', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('pass');
  });

  it('never touches the API, the user-list routes, non-GETs, RSC requests or other origins', () => {
    expect(strategyFor(facts('/api/health'), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/api/auth/login', { method: 'POST' }), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/api/sync/pull?cursor=0'), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/admin/users'), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/admin/users', { mode: 'navigate' }), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/admin/users/a%40b.c', { method: 'PUT' }), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/login', { method: 'POST', mode: 'navigate' }), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/not-a-page', { rsc: true }), ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor({ ...facts('/x.js'), url: 'https://cdn.example/x.js' }, ORIGIN, PAGES)).toBe('pass');
    expect(strategyFor(facts('/sw.js'), ORIGIN, PAGES)).toBe('pass');
  });

  it('sends the App Router’s data requests for a page to the network, never to a cache', () => {
    expect(strategyFor(facts('/user/calendar', { rsc: true }), ORIGIN, PAGES)).toBe('rsc');
    expect(strategyFor(facts('/user/calendar?_rsc=1x2y'), ORIGIN, PAGES)).toBe('rsc');
    expect(strategyFor(facts('/user/calendar?_rsc=1x2y', { method: 'POST' }), ORIGIN, PAGES)).toBe('pass');
  });

  it('fetches other same-origin files from the network first (they are not hashed)', () => {
    expect(strategyFor(facts('/landing.js'), ORIGIN, PAGES)).toBe('asset');
    expect(strategyFor(facts('/manifest.webmanifest'), ORIGIN, PAGES)).toBe('asset');
    expect(strategyFor(facts('/icons/icon-192.png'), ORIGIN, PAGES)).toBe('asset');
  });

  it('keeps an /api lookalike page path apart from the API itself', () => {
    expect(strategyFor(facts('/apidocs.png'), ORIGIN, PAGES)).toBe('asset');
  });
});

describe('pagePathFor', () => {
  it('keys a page by its path alone, so no query (a reset token) is stored', () => {
    expect(pagePathFor(new URL(`${ORIGIN}/login?role=admin`), PAGES)).toBe('/login');
    expect(pagePathFor(new URL(`${ORIGIN}/user/calendar/`), PAGES)).toBe('/user/calendar');
    expect(pagePathFor(new URL(`${ORIGIN}/user`), PAGES)).toBeNull();
  });
});

describe('cachesToDelete', () => {
  const current = cacheNamesFor('B2');
  const old = cacheNamesFor('A1');
  const newer = cacheNamesFor('C3-next');
  const all = [old.static, old.pages, current.static, current.pages, 'someone-else', BUILDS_CACHE];

  it('deletes an older build’s pages at once and its files when no open page runs them', () => {
    expect(cachesToDelete(all, 'B2', ['A1', 'B2'], new Set())).toEqual([old.static, old.pages]);
  });

  it('keeps an older build’s files while an open page still runs them', () => {
    expect(cachesToDelete(all, 'B2', ['A1', 'B2'], new Set([old.static]))).toEqual([old.pages]);
  });

  it('never touches a newer build waiting for Reload', () => {
    const withNewer = [...all, newer.static, newer.pages];
    expect(cachesToDelete(withNewer, 'B2', ['A1', 'B2', 'C3-next'], new Set())).toEqual([
      old.static,
      old.pages,
    ]);
  });

  it('treats a build it has no record of as older', () => {
    expect(cachesToDelete(all, 'B2', ['B2'], new Set())).toEqual([old.static, old.pages]);
  });

  it('never deletes the current build’s caches, the build list or caches it does not own', () => {
    expect(
      cachesToDelete([current.static, current.pages, 'someone-else', BUILDS_CACHE], 'B2', ['B2'], new Set()),
    ).toEqual([]);
  });
});

describe('the list of installed builds', () => {
  it('reads a build back from its cache names, dashes included', () => {
    expect(buildIdOf('tasklane-static-A1-next')).toBe('A1-next');
    expect(buildIdOf('tasklane-pages-A1')).toBe('A1');
    expect(buildIdOf(BUILDS_CACHE)).toBeNull();
    expect(buildIdOf('someone-else')).toBeNull();
  });

  it('adds an installed build at the end, once', () => {
    expect(withBuild(['A1', 'B2'], 'C3')).toEqual(['A1', 'B2', 'C3']);
    expect(withBuild(['A1', 'B2'], 'A1')).toEqual(['B2', 'A1']);
  });

  it('forgets older builds once their caches are gone, never the current or a newer one', () => {
    const remaining = [cacheNamesFor('A1').static, cacheNamesFor('C3').pages];
    expect(buildsToKeep(['Z0', 'A1', 'B2', 'C3', 'D4'], 'C3', remaining)).toEqual(['A1', 'C3', 'D4']);
  });
});

describe('staticCachesInUse', () => {
  const held = {
    'tasklane-static-C': ['/_next/static/chunks/runtime-c.js', '/_next/static/chunks/shared.js'],
    'tasklane-static-A': ['/_next/static/chunks/runtime-a.js', '/_next/static/chunks/calendar-a.js'],
    'tasklane-static-B': ['/_next/static/chunks/runtime-b.js', '/_next/static/chunks/shared.js'],
  };

  it('keeps an older build whose files a page still runs, and only that one', () => {
    const answers = [['/_next/static/chunks/runtime-c.js'], ['/_next/static/chunks/runtime-a.js']];
    expect(staticCachesInUse(answers, held, 'tasklane-static-C')).toEqual(new Set(['tasklane-static-A']));
  });

  it('needs no older build when every page runs files the current build has', () => {
    // shared.js is in B too, but the current build has it: B is not needed for it.
    const answers = [['/_next/static/chunks/runtime-c.js', '/_next/static/chunks/shared.js'], []];
    expect(staticCachesInUse(answers, held, 'tasklane-static-C')).toEqual(new Set());
  });

  it('keeps every older build while a page has not answered', () => {
    const answers = [['/_next/static/chunks/runtime-c.js'], null];
    expect(staticCachesInUse(answers, held, 'tasklane-static-C')).toEqual(
      new Set(['tasklane-static-A', 'tasklane-static-B']),
    );
  });

  it('needs nothing when no page is open', () => {
    expect(staticCachesInUse([], held, 'tasklane-static-C')).toEqual(new Set());
  });
});
