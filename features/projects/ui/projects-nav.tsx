'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { activeProjects, projectByKey, type Project } from '@/features/projects/model/project';
import { openCountsByProject } from '@/features/projects/model/project-counts';
import { refreshForUnknownProjects, useProjects } from '@/features/projects/client/projects-store';
import { taskProjectId } from '@/features/projects/model/project-key';
import { tasksStore } from '@/features/tasks/client/tasks';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { FOCUS_RING } from '@/shared/ui/styles';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { NewProjectDialog } from './new-project-dialog';
import { PROJECT_DOT, projectBoardPath } from './project-look';

/**
 * The sidebar's projects (docs/product.md#projects; by default the browser's own): each project the person has a
 * role in and that is not archived, with its colour, key, name and open tasks (as this browser holds
 * them), linking to its board; the current one marked; then `New project`.
 */
export function ProjectsNav({ onNavigate }: { onNavigate?: () => void }) {
  const team = useTeamSyncOn();
  const projects = useProjects(team);
  const shown = useMemo(() => activeProjects(projects), [projects]);
  const tasks = useLocalStore(tasksStore);
  const counts = useMemo(() => openCountsByProject(tasks), [tasks]);
  // A project whose tasks arrived before the list knew it (a role just given): ask for the list.
  useEffect(() => {
    if (team) refreshForUnknownProjects(new Set(tasks.map((task) => taskProjectId(task.projectId))));
  }, [tasks, team]);
  const pathname = usePathname();
  const params = useSearchParams();
  const current =
    pathname === '/user/dashboard' ? projectByKey(projects, params?.get('project') ?? null) : undefined;
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const headingId = useId();

  return (
    <nav aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <h3 id={headingId} className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Projects
      </h3>
      <ul className="space-y-1">
        {shown.map((project) => (
          <ProjectLink
            key={project.id}
            project={project}
            count={counts.get(project.id) ?? 0}
            current={current?.id === project.id}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setCreating(true)}
        className={cn(
          'mt-1 flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100',
          FOCUS_RING,
        )}
      >
        <Plus aria-hidden="true" className="size-4" />
        New project
      </button>
      <ArchivedProjects projects={projects} />
      <NewProjectDialog
        open={creating}
        projects={projects}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          onNavigate?.();
          router.push(projectBoardPath(project));
        }}
      />
    </nav>
  );
}

/** Archived projects stay findable (docs/product.md#projects): folded under `Archived`, each linking to its read-only board. */
function ArchivedProjects({ projects }: { projects: readonly Project[] }) {
  const archived = projects.filter((project) => project.archived);
  if (archived.length === 0) return null;
  return (
    <details className="mt-1 px-3 text-sm">
      <summary
        className={cn(
          'min-h-11 cursor-pointer content-center rounded-lg font-medium text-slate-700',
          FOCUS_RING,
        )}
      >
        Archived ({archived.length})
      </summary>
      <ul className="space-y-1 pb-2">
        {archived.map((project) => (
          <li key={project.id}>
            <Link
              href={projectBoardPath(project)}
              prefetch={false}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-lg px-2 text-slate-600 hover:bg-slate-100',
                FOCUS_RING,
              )}
            >
              <span className="font-mono text-xs">{project.key}</span>
              <span className="min-w-0 flex-1 truncate">{project.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One project in the sidebar: its colour, key, name and open tasks, linking to its board. */
function ProjectLink({
  project,
  count,
  current,
  onNavigate,
}: {
  project: Project;
  count: number;
  current: boolean;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <Link
        href={projectBoardPath(project)}
        prefetch={false}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        className={cn(
          'flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium',
          FOCUS_RING,
          current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'size-2.5 shrink-0 rounded-full',
            PROJECT_DOT[project.color],
            current && 'ring-2 ring-white',
          )}
        />
        <span className={cn('font-mono text-xs', current ? 'text-white' : 'text-slate-500')}>
          {project.key}
        </span>
        <span className="min-w-0 flex-1 truncate">{project.name}</span>
        <span
          aria-hidden="true"
          className={cn('text-xs tabular-nums', current ? 'text-white' : 'text-slate-500')}
        >
          {count}
        </span>
        <span className="sr-only">{count} open</span>
      </Link>
    </li>
  );
}
