'use client';

import { useEffect, useId, useState } from 'react';
import { fetchAssigneeSight } from '@/features/projects/client/projects-api';
import type { Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { assigneeName, type Assignee, type Task } from '@/features/tasks/model/task-types';
import { useIsTaskAuthor, useSelfAssignee } from '@/features/tasks/ui/assignee-picker';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

export const MOVE_ASSIGNEE_TEXTS = {
  checking: 'Checking who can see it there…',
  hidden: (name: string, project: string) =>
    `${name} has no role in ${project} and would not see this task there.`,
  assignToMe: 'Assign it to me instead',
} as const;

/** What a move to a project asks about the task's assignee (docs/product.md#projects). */
export type AssigneeSight =
  { status: 'fine' } | { status: 'checking' } | { status: 'hidden'; name: string; project: string };

/**
 * The assignee a move to `target` must ask about, or null: nothing to ask without team sync, without
 * an assignee bound by id, when the mover is the assignee (they may add tasks there), or when the
 * task stays where it is.
 */
export function assigneeToAsk(task: Task, target: Project | undefined, selfId: string | null, team: boolean) {
  const assigneeId = task.assigneeId;
  if (!team || !target || !assigneeId || assigneeId === selfId) return null;
  return target.id === (task.projectId ?? GENERAL_PROJECT.id) ? null : assigneeId;
}

/**
 * Whether the task's assignee would see it in `target`, as the server answers. When it cannot
 * (offline), the move goes on and keeps the assignee, as any offline change does.
 */
async function checkAssigneeSight(task: Task, target: Project, assigneeId: string): Promise<AssigneeSight> {
  try {
    if (await fetchAssigneeSight(target.id, assigneeId)) return { status: 'fine' };
    return { status: 'hidden', name: assigneeName(task), project: target.name };
  } catch {
    return { status: 'fine' };
  }
}

/**
 * The assignee question of a move to `target`, asked again whenever the target changes: the sight,
 * whether the mover may take the task instead (its owner, or a member or manager there), and their
 * answer (`assignTo`: the mover, when they chose to take it; checked by default).
 */
export function useAssigneeQuestion(
  task: Task,
  target: Project | undefined,
  /** Told when the server says the assignee sees it there: nothing to ask after all. */
  onFine?: (target: Project) => void,
) {
  const team = useTeamSyncOn();
  const self = useSelfAssignee();
  const isAuthor = useIsTaskAuthor(task);
  const [sight, setSight] = useState<{ for: string | null; value: AssigneeSight }>({
    for: null,
    value: { status: 'fine' },
  });
  const [takeIt, setTakeIt] = useState(true);
  const asked = assigneeToAsk(task, target, self.id, team);
  const question = asked && target ? `${target.id} ${asked}` : null;
  useEffect(() => {
    if (!asked || !target) return;
    let active = true;
    void checkAssigneeSight(task, target, asked).then((value) => {
      if (!active) return;
      setSight({ for: `${target.id} ${asked}`, value });
      if (value.status === 'fine') onFine?.(target);
    });
    return () => {
      active = false;
    };
    // The question (the target and the assignee) is what is asked again; not every edit of the task.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question]);
  const current: AssigneeSight =
    question === null ? { status: 'fine' } : sight.for === question ? sight.value : { status: 'checking' };
  const mayTake = isAuthor || target?.role === 'member' || target?.role === 'manager';
  const assignTo: Assignee | undefined = current.status === 'hidden' && mayTake && takeIt ? self : undefined;
  return { sight: current, mayTake, takeIt, setTakeIt, assignTo };
}

/** The question shown under the move's `Project`: the sentence, and the choice to take the task. */
export function AssigneeQuestion({ question }: { question: ReturnType<typeof useAssigneeQuestion> }) {
  const id = useId();
  const { sight } = question;
  if (sight.status === 'fine') return null;
  if (sight.status === 'checking')
    return (
      <p role="status" className="mt-2 text-sm text-slate-600">
        {MOVE_ASSIGNEE_TEXTS.checking}
      </p>
    );
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p role="status" className="text-slate-800">
        {MOVE_ASSIGNEE_TEXTS.hidden(sight.name, sight.project)}
      </p>
      {question.mayTake ? (
        <label htmlFor={id} className="flex items-center gap-2 text-slate-900">
          <input
            id={id}
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={question.takeIt}
            onChange={(event) => question.setTakeIt(event.target.checked)}
          />
          {MOVE_ASSIGNEE_TEXTS.assignToMe}
        </label>
      ) : null}
    </div>
  );
}
