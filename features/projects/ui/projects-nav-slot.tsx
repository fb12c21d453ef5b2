'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { afterLoadWhenIdle } from '@/shared/hooks/after-load-idle';

type Nav = ComponentType<{ onNavigate?: () => void }>;

/** The longest the sidebar's projects wait for an idle moment after the load event. */
const PROJECTS_NAV_IDLE_TIMEOUT_MS = 1_500;

/**
 * The sidebar's projects (./projects-nav.tsx), fetched once the page has loaded and is idle, so the
 * page's first paint carries none of its code (docs/benchmarks.md, JavaScript per route) and its
 * request does not sit between a dashboard and its first cards (the member dashboard in Lighthouse).
 * They sit below the sidebar's links, so nothing above them moves when they arrive. Not through
 * `next/dynamic`: a lazy part rendered while the page hydrates held the rest of its hydration back
 * until its code arrived (~270 ms on a light page), and a click in the header meanwhile was lost.
 * Imported from an effect, it never suspends; offline without its code, the sidebar goes without it.
 */
export function ProjectsNavSlot() {
  const [Nav, setNav] = useState<Nav | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = afterLoadWhenIdle(
      () => {
        import('./projects-nav').then(
          (module) => {
            if (live) setNav(() => module.ProjectsNav);
          },
          () => undefined,
        );
      },
      { timeoutMs: PROJECTS_NAV_IDLE_TIMEOUT_MS },
    );
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return Nav ? <Nav /> : null;
}
