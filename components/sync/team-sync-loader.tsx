'use client';

import dynamic from 'next/dynamic';

/** The sync engine's code is downloaded only by deployments that turn team sync on. */
export const TeamSyncLoader = dynamic(() => import('./team-sync').then((module) => module.TeamSync), {
  ssr: false,
});
