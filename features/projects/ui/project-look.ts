import type { LabelColor } from '@/features/tasks/model/labels';
import type { Project } from '@/features/projects/model/project';

/** The path of a project's board (docs/product.md#projects). */
export function projectBoardPath(project: Pick<Project, 'key'>): string {
  return `/user/dashboard?project=${encodeURIComponent(project.key)}`;
}

/** A project's colour as a dot beside its name: the labels' palette, solid. */
export const PROJECT_DOT: Record<LabelColor, string> = {
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  yellow: 'bg-yellow-500',
  green: 'bg-green-600',
  teal: 'bg-teal-600',
  blue: 'bg-blue-600',
  purple: 'bg-purple-600',
  grey: 'bg-slate-500',
};
