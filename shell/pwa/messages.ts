/** Messages between the pages and the service worker (shell/pwa/service-worker.ts). */
export const MESSAGES = {
  /** page → worker: a page has loaded (the worker may delete an older build's files now). */
  pageLoaded: 'tasklane:page-loaded',
  /** page → waiting worker: the user pressed Reload; take over now. */
  skipWaiting: 'tasklane:skip-waiting',
  /** worker → page, on a MessageChannel: which `/_next/static/` files do you run? */
  assetsQuery: 'tasklane:assets?',
} as const;
