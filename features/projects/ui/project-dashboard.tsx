'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PROJECT_PARAM, projectByKey, type Project } from '@/features/projects/model/project';
import { inProject } from '@/features/projects/model/project-counts';
import { taskProjectId } from '@/features/projects/model/project-key';
import { onProjectsFresh, projectsAreFresh, useProjects } from '@/features/projects/client/projects-store';
import type { BoardScope } from '@/features/tasks/ui/board-scope';
import { DashboardView } from '@/features/tasks/ui/dashboard-view';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { Button } from '@/shared/ui/button';
import { LoadingLine } from '@/shared/ui/load-error';
import { TEXT_LINK } from '@/shared/ui/styles';
import { ArchiveControl } from './archive-control';
import { ColumnsButton } from './columns-dialog';
import { ProjectSettingsButton } from './project-settings-dialog';
import dynamic from 'next/dynamic';

/** Fetched when first opened: most visits to a board never open it. */
const MembersDialog = dynamic(() => import('./members-dialog').then((module) => module.MembersDialog), {
  ssr: false,
});
import { PROJECT_DOT } from './project-look';
import { cn } from '@/shared/cn';

export const PROJECT_BOARD_TEXTS = {
  notFound: 'No such project',
  notFoundDetail: 'It does not exist, or you have no role in it.',
  back: 'Back to the dashboard',
  loading: 'Loading the project…',
  archived: 'Archived: read-only until a manager restores it.',
} as const;

const HEADING = 'pb-4 text-2xl font-bold text-brand-900';

/**
 * The member dashboard (docs/product.md#member-dashboard), or with team sync and `?project=KEY` that
 * project's board (docs/product.md#projects): its name as the heading, its key, `Members`, and the
 * same board showing its tasks only; a task added on it goes into the project.
 */
export function ProjectDashboard() {
  const team = useTeamSyncOn();
  const params = useSearchParams();
  const key = params?.get(PROJECT_PARAM) ?? null;
  const projects = useProjects(team);
  // The browser's own projects (default mode) are all there is: nothing to wait for.
  const fresh = useSyncExternalStore(onProjectsFresh, projectsAreFresh, () => false) || !team;
  const project = projectByKey(projects, key);

  if (key === null) return <AllProjectsDashboard projects={projects} />;
  if (!project) {
    if (!fresh) return <LoadingLine>{PROJECT_BOARD_TEXTS.loading}</LoadingLine>;
    return (
      <div className="space-y-2">
        <h1 className={HEADING}>{PROJECT_BOARD_TEXTS.notFound}</h1>
        <p className="text-slate-700">{PROJECT_BOARD_TEXTS.notFoundDetail}</p>
        <Link href="/user/dashboard" className={TEXT_LINK}>
          {PROJECT_BOARD_TEXTS.back}
        </Link>
      </div>
    );
  }
  return <ProjectBoard key={project.id} project={project} />;
}

/**
 * The dashboard of every project (the spec's board): with team sync, the tasks of archived projects
 * leave it, as they leave the counts (docs/product.md#projects).
 */
function AllProjectsDashboard({ projects }: { projects: readonly Project[] }) {
  const archived = projects
    .filter((project) => project.archived)
    .map((project) => project.id)
    .join(' ');
  const scope = useMemo<BoardScope | null>(() => {
    if (archived === '') return null;
    const hidden = new Set(archived.split(' '));
    return {
      id: 'active',
      includes: (task) => !hidden.has(taskProjectId(task.projectId)),
      newTaskFields: {},
    };
  }, [archived]);
  return (
    <>
      <h1 className={HEADING}>Dashboard</h1>
      <DashboardView scope={scope} />
    </>
  );
}

function ProjectBoard({ project }: { project: Project }) {
  const [membersOpen, setMembersOpen] = useState(false);
  // The browser's own projects (default mode) have no people.
  const team = useTeamSyncOn();
  // One scope while the columns read the same (the list is parsed again at each store change).
  const columnsKey = JSON.stringify(project.columns);
  const scope = useMemo<BoardScope>(
    () => ({
      id: project.id,
      includes: (task) => inProject(task, project.id),
      newTaskFields: { projectId: project.id },
      readOnly: project.archived,
      columns: JSON.parse(columnsKey) as Project['columns'],
    }),
    [project.id, project.archived, columnsKey],
  );
  useEffect(() => {
    const before = document.title;
    document.title = `${project.name} · Tasklane`;
    return () => {
      document.title = before;
    };
  }, [project.name]);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pb-4">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className={cn('size-3 shrink-0 rounded-full', PROJECT_DOT[project.color])}
          />
          <h1 className="min-w-0 text-2xl font-bold break-words text-brand-900">{project.name}</h1>
        </div>
        <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-sm font-semibold text-slate-700">
          {project.key}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <ProjectSettingsButton project={project} />
          <ColumnsButton project={project} />
          <ArchiveControl project={project} />
          {team ? (
            <Button variant="secondary" size="sm" onClick={() => setMembersOpen(true)}>
              Members
            </Button>
          ) : null}
        </div>
      </div>
      {project.description ? (
        <p className="-mt-2 pb-4 text-sm text-slate-700">{project.description}</p>
      ) : null}
      {project.archived ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {PROJECT_BOARD_TEXTS.archived}
        </p>
      ) : null}
      <DashboardView scope={scope} />
      {membersOpen ? (
        <MembersDialog project={project} open={membersOpen} onClose={() => setMembersOpen(false)} />
      ) : null}
    </>
  );
}
