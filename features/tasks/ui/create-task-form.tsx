'use client';

import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import { TASK_PRIORITIES } from '@/features/tasks/model/task-types';
import { TASK_PAGE_TOAST_DURATION_MS } from '@/shared/constants';
import { Button } from '@/shared/ui/button';
import { SelectField } from '@/shared/ui/select-field';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { AssigneeSelect } from './assignee-picker';
import { useTaskSlots } from './task-slots';
import { useCreateTaskForm } from './use-create-task-form';

function RequiredLabel({
  htmlFor,
  children,
  required = true,
}: {
  htmlFor: string;
  children: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block pb-1.5 text-sm font-medium text-slate-800">
      {children}
      {required ? (
        <span aria-hidden="true" className="pl-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );
}

/** The form's heading and the note on the required fields' asterisk. */
function FormHeading({ id }: { id: string }) {
  return (
    <>
      <h2 id={id} className="text-lg font-semibold text-slate-900 sm:col-span-2">
        Create a New Task
      </h2>
      <p className="-mt-2 text-xs text-slate-600 sm:col-span-2">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
    </>
  );
}

/** The toast that says the task was added. */
function toastTaskAdded() {
  toast.success('Task added successfully!', {
    duration: TASK_PAGE_TOAST_DURATION_MS,
    icon: <CheckCircle2 className="size-5" aria-hidden="true" />,
  });
}

/**
 * 'Create a New Task' (docs/product.md#create-tasks): title, description and deadline required; a title or
 * description that is blank after trimming makes the submit do nothing. The task gets the logged-in user's
 * name and email. With team sync on, an 'Assigned to' select (docs/product.md#assignees) chooses the
 * name instead; it starts at the logged-in user, as the spec assigns. `titleOnly` (the `n` shortcut's quick
 * add, docs/product.md#capture): only the title is required; description and deadline may stay empty.
 */
export function CreateTaskForm({
  headingId,
  onAdded,
  titleOnly = false,
  children,
}: {
  /** Title-only capture: description and deadline optional. */
  titleOnly?: boolean;
  /** The heading's id, for a dialog it labels (the `n` shortcut's quick add). */
  headingId?: string;
  /** Called once a task was added (the quick add closes). */
  onAdded?: () => void;
  /** More buttons beside 'Add Task' (the quick add's Cancel). */
  children?: ReactNode;
} = {}) {
  const { NewTaskProject } = useTaskSlots();
  const { form, setForm, teamSync, assignee, setAssignee, projectId, setProjectId, handleSubmit } =
    useCreateTaskForm(titleOnly, () => {
      toastTaskAdded();
      onAdded?.();
    });
  const id = useId();
  const heading = headingId ?? `${id}-heading`;

  return (
    <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2" aria-labelledby={heading}>
      <FormHeading id={heading} />
      <div className="sm:col-span-2">
        <RequiredLabel htmlFor={`${id}-title`}>Title</RequiredLabel>
        <input
          id={`${id}-title`}
          // The `n` shortcut focuses it (shell/keyboard/keyboard-shortcuts.tsx).
          data-shortcut="new-task"
          className={FIELD_INPUT}
          value={form.title}
          required
          maxLength={200}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
        />
      </div>
      <div className="sm:col-span-2">
        <RequiredLabel htmlFor={`${id}-description`} required={!titleOnly}>
          Description
        </RequiredLabel>
        <textarea
          id={`${id}-description`}
          className={`${FIELD_INPUT} min-h-24`}
          value={form.description}
          required={!titleOnly}
          maxLength={5000}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
      </div>
      <SelectField
        label="Priority"
        options={TASK_PRIORITIES}
        value={form.priority}
        onChange={(priority) => setForm({ ...form, priority })}
      />
      <div>
        <RequiredLabel htmlFor={`${id}-deadline`} required={!titleOnly}>
          Deadline
        </RequiredLabel>
        <input
          id={`${id}-deadline`}
          type="date"
          className={FIELD_INPUT}
          value={form.deadline}
          required={!titleOnly}
          onChange={(event) => setForm({ ...form, deadline: event.target.value })}
        />
      </div>
      {teamSync ? <AssigneeSelect value={assignee} onChange={setAssignee} /> : null}
      {/* Projects (both modes): shown once there is more than General. */}
      <NewTaskProject value={projectId} onChange={setProjectId} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit">Add Task</Button>
        {children}
      </div>
    </form>
  );
}
