'use client';

import { joinWithAnd } from '@/shared/format/word-list';
import { useEffect, useId, useMemo, useState } from 'react';
import { fetchAssigneeSight } from '@/features/projects/client/projects-api';
import type { Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { assigneeName, type Assignee, type Task } from '@/features/tasks/model/task-types';
import { useSelfAssignee } from '@/features/tasks/ui/assignee-picker';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

export const MOVE_ASSIGNEE_TEXTS = {
  checking: 'Checking who can see it there…',
  /** `tasks`: how many tasks are moved (one: "this task"). */
  hidden: (names: readonly string[], project: string, tasks: number) =>
    `${joinWithAnd(names)} ${names.length === 1 ? 'has' : 'have'} no role in ${project} and would not see ${
      tasks === 1 ? 'this task' : 'their tasks'
    } there.`,
  assignToMe: (tasks: number) => (tasks === 1 ? 'Assign it to me instead' : 'Assign them to me instead'),
} as const;

/** What a move to a project asks about the tasks' assignees (docs/product.md#projects). */
export type AssigneeSight =
  | { status: 'fine' }
  | { status: 'checking' }
  | { status: 'hidden'; hidden: ReadonlySet<string>; project: string };

/**
 * The assignee a move of `task` to `target` must ask about, or null: nothing to ask without team
 * sync, without an assignee bound by id, when the mover is the assignee (they may add tasks there),
 * or when the task stays in its project.
 */
export function assigneeToAsk(task: Task, target: Project | undefined, selfId: string | null, team: boolean) {
  const assigneeId = task.assigneeId;
  if (!team || !target || !assigneeId || assigneeId === selfId) return null;
  return target.id === (task.projectId ?? GENERAL_PROJECT.id) ? null : assigneeId;
}

/**
 * Which of `assigneeIds` would not see their tasks in `target`, as the server answers. When it
 * cannot (offline), the move goes on and keeps the assignees, as any offline change does.
 */
async function checkAssigneeSight(target: Project, assigneeIds: readonly string[]): Promise<AssigneeSight> {
  const hidden = new Set<string>();
  try {
    const sees = await Promise.all(assigneeIds.map((id) => fetchAssigneeSight(target.id, id)));
    assigneeIds.forEach((id, index) => {
      if (!sees[index]) hidden.add(id);
    });
  } catch {
    return { status: 'fine' };
  }
  return hidden.size === 0 ? { status: 'fine' } : { status: 'hidden', hidden, project: target.name };
}

/**
 * The assignee question of a move of `tasks` to `target`, asked again whenever the target or the
 * assignees change: the sight, the names of those who would not see their tasks, the tasks the mover
 * may take instead (their owner's, or every one for a member or manager there), and the mover's
 * answer (`assignTo`, checked by default). `onFine`: told when the server says everyone sees them.
 */
export function useAssigneeQuestion(
  tasks: readonly Task[],
  target: Project | undefined,
  onFine?: (target: Project) => void,
) {
  const team = useTeamSyncOn();
  const self = useSelfAssignee();
  const email = useLocalStore(userStore)?.email;
  const asked = useMemo(() => {
    const ids = new Set<string>();
    for (const task of tasks) {
      const id = assigneeToAsk(task, target, self.id, team);
      if (id) ids.add(id);
    }
    return [...ids].sort();
  }, [tasks, target, self.id, team]);
  const question = asked.length > 0 && target ? `${target.id} ${asked.join(' ')}` : null;
  const [sight, setSight] = useState<{ for: string | null; value: AssigneeSight }>({
    for: null,
    value: { status: 'fine' },
  });
  const [takeIt, setTakeIt] = useState(true);
  useEffect(() => {
    if (question === null || !target) return;
    let active = true;
    void checkAssigneeSight(target, asked).then((value) => {
      if (!active) return;
      setSight({ for: question, value });
      if (value.status === 'fine') onFine?.(target);
    });
    return () => {
      active = false;
    };
    // The question (the target and the assignees) is what is asked again; not every edit of a task.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question]);
  const current: AssigneeSight =
    question === null ? { status: 'fine' } : sight.for === question ? sight.value : { status: 'checking' };
  const hiddenTasks =
    current.status === 'hidden' ? tasks.filter((task) => current.hidden.has(task.assigneeId ?? '')) : [];
  const names = [...new Set(hiddenTasks.map((task) => assigneeName(task)))];
  const mayTakeAll = target?.role === 'member' || target?.role === 'manager';
  const takeable = hiddenTasks.filter((task) => mayTakeAll || (Boolean(email) && task.email === email));
  const reassign = takeIt ? new Set(takeable.map((task) => task.id)) : new Set<string>();
  const assignTo: Assignee | undefined = reassign.size > 0 ? self : undefined;
  return {
    sight: current,
    names,
    count: tasks.length,
    mayTake: takeable.length > 0,
    takeIt,
    setTakeIt,
    assignTo,
    reassign,
  };
}

export type AssigneeQuestionState = ReturnType<typeof useAssigneeQuestion>;

/** The question shown under the move's `Project`: the sentence, and the choice to take the tasks. */
export function AssigneeQuestion({ question }: { question: AssigneeQuestionState }) {
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
        {MOVE_ASSIGNEE_TEXTS.hidden(question.names, sight.project, question.count)}
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
          {MOVE_ASSIGNEE_TEXTS.assignToMe(question.count)}
        </label>
      ) : null}
    </div>
  );
}
