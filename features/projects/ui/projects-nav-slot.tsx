'use client';

import dynamic from 'next/dynamic';

/**
 * The sidebar's projects (./projects-nav.tsx), fetched after the page shows, so a
 * deployment without it, and the page's first paint, carry none of its code (docs/benchmarks.md,
 * JavaScript per route).
 */
export const ProjectsNavSlot = dynamic(() => import('./projects-nav').then((module) => module.ProjectsNav), {
  ssr: false,
  loading: () => null,
});
