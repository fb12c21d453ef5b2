'use client';

import { useEffect } from 'react';
import { projectsParser, type Project } from '@/features/projects/model/project';
import { createLocalStore, type ReadableStore } from '@/shared/browser-storage/local-store';
import { TEAM_PROJECTS_KEY } from '@/shared/browser-storage/keys';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { onProjectsChanged } from '@/shared/realtime/live-projects';
import { fetchProjects } from './projects-api';
import { localProjectsStore } from './local-projects';

/**
 * The projects this person has a role in (team sync), from GET /api/projects, kept in
 * `tasklane.teamProjects` so that the sidebar, card keys and board headings show offline and on the
 * first paint. Refreshed when a page loads, when the window regains focus or the page shows again,
 * at the live stream's `projects` events (someone changed a project: its columns, name, archive or
 * people; or the stream opened again and may have missed one; shared/realtime/live-projects.ts), and
 * after this browser's own changes (`refreshProjects`).
 */

const NO_PROJECTS: Project[] = [];

export const teamProjectsStore = createLocalStore<Project[]>({
  key: TEAM_PROJECTS_KEY,
  schema: projectsParser,
  fallback: NO_PROJECTS,
});

let inflight: Promise<void> | null = null;
/** The request that follows the one in flight, for refreshes asked while it was on its way. */
let followUp: Promise<void> | null = null;
let started = false;
/** Whether this page load asked the server (so "no such project" is an answer, not a wait). */
let fresh = false;
const freshListeners = new Set<() => void>();

/** The server answered, or could not be asked (offline): the copy is what there is to show. */
function settle(): void {
  fresh = true;
  for (const listener of [...freshListeners]) listener();
}

function keep(projects: Project[]): void {
  settle();
  if (JSON.stringify(teamProjectsStore.read()) === JSON.stringify(projects)) return;
  try {
    teamProjectsStore.write(projects);
  } catch {
    // A full storage loses only the offline copy.
  }
}

/**
 * Asks the server for the projects (one request at a time); a failure keeps the copy. Asked while a
 * request is on its way (a second live event, a change of one's own), one more follows it, for any
 * number of such calls: the one on its way may have been answered before the change it is asked for.
 */
export function refreshProjects(): Promise<void> {
  if (inflight) {
    followUp ??= inflight.then(() => {
      followUp = null;
      return refreshProjects();
    });
    return followUp;
  }
  inflight = fetchProjects()
    .then(keep, settle)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** A project the browser just made or changed, in the list at once (the refresh follows). */
export function keepProject(project: Project): void {
  const others = teamProjectsStore.read().filter((item) => item.id !== project.id);
  keep([...others, project]);
  void refreshProjects();
}

/**
 * Once per page load (useProjects starts it): a first refresh, and one each time the window regains
 * focus or the page shows again, and at each live `projects` announcement.
 */
export function startProjectsRefresh(): void {
  if (started) return;
  started = true;
  void refreshProjects();
  window.addEventListener('focus', () => void refreshProjects());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshProjects();
  });
  onProjectsChanged(() => void refreshProjects());
}

/** Projects the browser's tasks named before the list knew them: asked about once each. */
const askedAbout = new Set<string>();

/**
 * A task in a project this list does not hold (someone just gave this person a role there, and its
 * tasks came over the live stream): the list is asked for again, once per such project.
 */
export function refreshForUnknownProjects(projectIds: Iterable<string>): void {
  const known = new Set(teamProjectsStore.read().map((project) => project.id));
  let unknown = false;
  for (const id of projectIds) {
    if (known.has(id) || askedAbout.has(id)) continue;
    askedAbout.add(id);
    unknown = true;
  }
  if (unknown) void refreshProjects();
}

/** Whether this page load asked the server for the list (answered, or failed: offline). */
export function projectsAreFresh(): boolean {
  return fresh;
}

/** Calls `listener` once the server's list arrives; returns the unsubscribe. */
export function onProjectsFresh(listener: () => void): () => void {
  freshListeners.add(listener);
  return () => freshListeners.delete(listener);
}

/** The store of the mode's projects, read without asking the server (a card's key, the overviews). */
export function projectsStoreFor(team: boolean): ReadableStore<Project[]> {
  return team ? teamProjectsStore : localProjectsStore;
}

/**
 * The projects of the mode that runs: with team sync (`team`), those this person has a role in, kept
 * fresh from the server; by default, the browser's own (./local-projects.ts), General first.
 */
export function useProjects(team: boolean): readonly Project[] {
  const teamProjects = useLocalStore(teamProjectsStore);
  const localProjects = useLocalStore(localProjectsStore);
  useEffect(() => {
    if (team) startProjectsRefresh();
  }, [team]);
  return team ? teamProjects : localProjects;
}

/** Tests only. */
export function resetProjectsForTests(): void {
  inflight = null;
  followUp = null;
  started = false;
  fresh = false;
  askedAbout.clear();
}
