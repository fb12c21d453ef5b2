'use client';

import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import type { Project } from '@/features/projects/model/project';
import { PROJECT_ROLE_NAMES, PROJECT_ROLES, type ProjectRole } from '@/features/projects/model/roles';
import { projectCommands } from '@/features/projects/client/project-commands';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { LABEL_COLOR_NAMES, LABEL_COLORS, type LabelColor } from '@/features/tasks/model/labels';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { FormAlert } from '@/shared/ui/form-alert';
import { ManagerDialogButton, SaveActions } from './manager-dialog-button';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame, TextField } from '@/shared/ui/text-field';

/** The team role's choice for "nobody else": the project is only its members'. */
const ONLY_MEMBERS = '';

export const PROJECT_SETTINGS_TEXTS = {
  open: 'Settings',
  title: (name: string) => `Settings of ${name}`,
  teamRole: 'Everyone else in the team',
  onlyMembers: 'No access (only its members)',
  teamRoleHint: 'The role of every person without a role of their own here.',
  saved: 'Project saved.',
  failed: 'Could not save the project',
  nameRequired: 'Name is required.',
} as const;

/**
 * A manager's `Settings` of a project (docs/product.md#projects): its name, colour, description,
 * and the role of everyone else in the team (how an admin widens General, which the upgrade left
 * at Assigned only). The server checks them again; a role that shows people less takes tasks from
 * their browsers at their next sync.
 */
export function ProjectSettingsButton({ project }: { project: Project }) {
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ManagerDialogButton
      project={project}
      label={PROJECT_SETTINGS_TEXTS.open}
      title={PROJECT_SETTINGS_TEXTS.title(project.name)}
      initialFocus={nameRef}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl p-5"
    >
      {(form) => <SettingsForm project={project} nameRef={nameRef} {...form} />}
    </ManagerDialogButton>
  );
}

/** The form's values, what it says, and its submit: PATCH the project, keep it, close. */
function useSettingsForm(project: Project, setBusy: (busy: boolean) => void, onDone: () => void) {
  const [name, setName] = useState(project.name);
  const [color, setColor] = useState<LabelColor>(project.color);
  const [description, setDescription] = useState(project.description);
  const [teamRole, setTeamRole] = useState<ProjectRole | typeof ONLY_MEMBERS>(
    project.teamRole ?? ONLY_MEMBERS,
  );
  const [error, setError] = useState<{ name?: string; form?: string }>({});
  const commands = projectCommands(useTeamSyncOn());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError({ name: PROJECT_SETTINGS_TEXTS.nameRequired });
      return;
    }
    setBusy(true);
    try {
      await commands.update(project.id, {
        name: name.trim(),
        color,
        description: description.trim(),
        teamRole: teamRole === ONLY_MEMBERS ? null : teamRole,
      });
      toast.success(PROJECT_SETTINGS_TEXTS.saved);
      onDone();
    } catch (caught) {
      const message = describeRequestFailure(caught, PROJECT_SETTINGS_TEXTS.failed);
      setError(message.startsWith('Name') ? { name: message } : { form: message });
    } finally {
      setBusy(false);
    }
  }

  return {
    name,
    setName,
    color,
    setColor,
    description,
    setDescription,
    teamRole,
    setTeamRole,
    error,
    submit,
  };
}

function SettingsForm({
  project,
  nameRef,
  busy,
  setBusy,
  onDone,
}: {
  project: Project;
  nameRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const {
    name,
    setName,
    color,
    setColor,
    description,
    setDescription,
    teamRole,
    setTeamRole,
    error,
    submit,
  } = useSettingsForm(project, setBusy, onDone);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {error.form ? <FormAlert tone="error">{error.form}</FormAlert> : null}
      <TextField
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="off"
        value={name}
        error={error.name}
        onChange={(event) => setName(event.target.value)}
      />
      <SettingsSelect
        label="Colour"
        value={color}
        options={LABEL_COLORS.map((value) => [value, LABEL_COLOR_NAMES[value]] as const)}
        onChange={(value) => setColor(value as LabelColor)}
      />
      <TextField
        label="Description"
        name="description"
        autoComplete="off"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      {/* Team sync only: by default the browser's own projects are one person's. */}
      {useTeamSyncOn() ? (
        <SettingsSelect
          label={PROJECT_SETTINGS_TEXTS.teamRole}
          hint={PROJECT_SETTINGS_TEXTS.teamRoleHint}
          value={teamRole}
          options={[
            [ONLY_MEMBERS, PROJECT_SETTINGS_TEXTS.onlyMembers] as const,
            ...PROJECT_ROLES.map((role) => [role, PROJECT_ROLE_NAMES[role]] as const),
          ]}
          onChange={(value) => setTeamRole(value as ProjectRole | typeof ONLY_MEMBERS)}
        />
      ) : null}
      <SaveActions busy={busy} onDone={onDone} />
    </form>
  );
}

function SettingsSelect({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame inputId={id} label={label} hint={hint}>
      <select
        id={id}
        className={FIELD_INPUT}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
