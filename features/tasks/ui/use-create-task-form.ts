'use client';

import { useState, type FormEvent } from 'react';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { addTask } from '@/features/tasks/client/task-commands';
import { DEFAULT_TASK_PRIORITY, type Assignee, type TaskPriority } from '@/features/tasks/model/task-types';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { useSelfAssignee } from './assignee-picker';

const EMPTY_FORM = {
  title: '',
  description: '',
  priority: DEFAULT_TASK_PRIORITY as TaskPriority,
  deadline: '',
};

/**
 * The state of 'Create a New Task' and its submit: the task is added (with team sync, bound to the
 * chosen assignee, else the signed-in user), the form empties and `onAdded` runs. A blank title (or,
 * unless `titleOnly`, description) adds nothing and leaves the form as it is.
 */
export function useCreateTaskForm(titleOnly: boolean, onAdded: () => void) {
  const [form, setForm] = useState(EMPTY_FORM);
  const teamSync = useTeamSyncOn();
  // null: not chosen, so the task goes to the signed-in user, as the spec assigns.
  const [assignee, setAssignee] = useState<Assignee | null>(null);
  const self = useSelfAssignee();
  // The project the task goes into (null: General); kept for the next task.
  const [projectId, setProjectId] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveSafely(() => {
      // With team sync the task is bound to a user id (docs/product.md#assignees); without, the spec's task.
      const fields = projectId === null ? undefined : { projectId };
      const options = teamSync ? { assignee: assignee ?? self, fields } : fields ? { fields } : undefined;
      // A blank title (or, on the spec's form, description) adds nothing, and the form stays as it is.
      if (!addTask({ ...form, titleOnly }, options)) return;
      setForm(EMPTY_FORM);
      setAssignee(null);
      onAdded();
    });
  }

  return {
    form,
    setForm,
    teamSync,
    assignee: assignee ?? self,
    setAssignee,
    projectId,
    setProjectId,
    handleSubmit,
  };
}
