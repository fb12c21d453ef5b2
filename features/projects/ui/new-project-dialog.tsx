'use client';

import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { checkProjectKey, PROJECT_KEY_FIELD, suggestProjectKey } from '@/features/projects/model/project-key';
import type { Project } from '@/features/projects/model/project';
import { projectCommands } from '@/features/projects/client/project-commands';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';
import { TextField } from '@/shared/ui/text-field';

/** The longest project name (the server's rule, docs/product.md#projects). */
const NAME_MAX_LENGTH = 60;

export const NEW_PROJECT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  failed: 'Could not create the project',
  teamDescription:
    'A board of its own, with its own people. Its key starts every task’s number, as in OPS-12.',
  localDescription: 'A board of its own, with its own columns. Its key names it, as in OPS.',
} as const;

type Errors = { name?: string; key?: string; form?: string };

/**
 * `New project` (docs/product.md#projects): a name and a key (suggested from the name until typed),
 * checked here by the server's rules, then `Create project`. The new project opens at once. The
 * form lives while the dialog is open, so each opening starts empty.
 */
export function NewProjectDialog({
  open,
  projects,
  onClose,
  onCreated,
}: {
  open: boolean;
  projects: readonly Project[];
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      open={open}
      title="New project"
      description={
        useTeamSyncOn() ? NEW_PROJECT_MESSAGES.teamDescription : NEW_PROJECT_MESSAGES.localDescription
      }
      busy={busy}
      onCancel={onClose}
      initialFocus={nameRef}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-5"
    >
      <NewProjectForm
        projects={projects}
        nameRef={nameRef}
        busy={busy}
        setBusy={setBusy}
        onClose={onClose}
        onCreated={onCreated}
      />
    </ModalDialog>
  );
}

function NewProjectForm({
  projects,
  nameRef,
  busy,
  setBusy,
  onClose,
  onCreated,
}: {
  projects: readonly Project[];
  nameRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [keyTyped, setKeyTyped] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const commands = projectCommands(useTeamSyncOn());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkNewProject(name, key, projects);
    setErrors('errors' in checked ? checked.errors : {});
    if ('errors' in checked) return;
    setBusy(true);
    try {
      const project = await commands.create(checked.input);
      onClose();
      onCreated(project);
    } catch (error) {
      setErrors(placeFailure(describeRequestFailure(error, NEW_PROJECT_MESSAGES.failed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {errors.form ? <FormAlert tone="error">{errors.form}</FormAlert> : null}
      <TextField
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH * 2}
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          if (!keyTyped) setKey(suggestProjectKey(event.target.value));
        }}
      />
      <TextField
        label={PROJECT_KEY_FIELD}
        name="key"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={key}
        error={errors.key}
        hint="2 to 10 capital letters; it cannot be changed later."
        onChange={(event) => {
          setKeyTyped(true);
          setKey(event.target.value.toUpperCase());
        }}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Create project
        </Button>
      </DialogActions>
    </form>
  );
}

/** The form's values by the server's rules: what to send, or what to say under each field. */
function checkNewProject(
  name: string,
  key: string,
  projects: readonly Project[],
): { input: { name: string; key: string } } | { errors: Errors } {
  const trimmed = name.trim();
  const errors: Errors = {};
  if (trimmed === '') errors.name = NEW_PROJECT_MESSAGES.nameRequired;
  else if (trimmed.length > NAME_MAX_LENGTH) errors.name = NEW_PROJECT_MESSAGES.nameTooLong;
  const checked = checkProjectKey(
    key,
    projects.map((project) => project.key),
  );
  if ('message' in checked) errors.key = checked.message;
  if (errors.name || 'message' in checked) return { errors };
  return { input: { name: trimmed, key: checked.key } };
}

/** The server's refusal under the field it names (the key, the name), else above the form. */
function placeFailure(message: string): Errors {
  if (message.startsWith(PROJECT_KEY_FIELD) || message.startsWith('A project with the key'))
    return { key: message };
  return message.startsWith('Name') ? { name: message } : { form: message };
}
