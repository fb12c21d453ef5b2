'use client';

import { useEffect, useState, type ComponentType } from 'react';

type Nav = ComponentType<{ onNavigate?: () => void }>;

/**
 * The sidebar's projects (./projects-nav.tsx), fetched once the page is hydrated, so the page's
 * first paint carries none of its code (docs/benchmarks.md, JavaScript per route). Not through
 * `next/dynamic`: a lazy part rendered while the page hydrates held the rest of its hydration back
 * until its code arrived (~270 ms on a light page), and a click in the header meanwhile was lost.
 * Imported from an effect, it never suspends; offline without its code, the sidebar goes without it.
 */
export function ProjectsNavSlot() {
  const [Nav, setNav] = useState<Nav | null>(null);
  useEffect(() => {
    let live = true;
    import('./projects-nav').then(
      (module) => {
        if (live) setNav(() => module.ProjectsNav);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Nav ? <Nav /> : null;
}
