'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Project } from '@/features/projects/model/project';
import { PROJECT_ROLE_NAMES, PROJECT_ROLES, type ProjectRole } from '@/features/projects/model/roles';
import {
  fetchMembers,
  removeMember,
  setMemberRole,
  type ProjectMember,
} from '@/features/projects/client/projects-api';
import { refreshProjects } from '@/features/projects/client/projects-store';
import { useSyncUsers } from '@/features/accounts/ui/use-sync-users';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { CompactSelect } from '@/shared/ui/compact-select';
import { FormAlert } from '@/shared/ui/form-alert';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { DialogActions, ModalDialog } from '@/shared/ui/modal-dialog';
import { FIELD_INPUT, FIELD_LOOK } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { FieldFrame } from '@/shared/ui/text-field';

/** Roles from the most to the least, as the pickers list them. */
const ROLE_OPTIONS = [...PROJECT_ROLES].reverse().map((role) => [role, PROJECT_ROLE_NAMES[role]] as const);

export const MEMBERS_MESSAGES = {
  loadFailed: 'Could not load the project’s people',
  changeFailed: 'Could not change the role',
  removeFailed: 'Could not remove the person',
  addFailed: 'Could not add the person',
  choosePerson: 'Choose a person to add.',
  none: 'Nobody has a role of their own here yet.',
  added: (name: string, role: ProjectRole) => `${name} is now ${PROJECT_ROLE_NAMES[role]}.`,
  removed: (name: string) => `${name} no longer has a role of their own here.`,
} as const;

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; members: ProjectMember[] };

/**
 * `Members` (docs/product.md#projects): the people with a role of their own in a project. Managers
 * add a person by choosing them and a role (Manager, Member, Commenter, Assigned only), change a
 * role, or remove one; everyone else reads the list. The server checks every change again. The
 * list is read each time the dialog opens (its body lives while it is open).
 */
export function MembersDialog({
  project,
  open,
  onClose,
}: {
  project: Project;
  open: boolean;
  onClose: () => void;
}) {
  const manager = project.role === 'manager' && !project.archived;
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      open={open}
      title={`Members of ${project.name}`}
      description={
        manager
          ? 'Give people a role in this project. Everyone else in the team has the project’s team role.'
          : 'The people with a role of their own in this project. Only its managers change them.'
      }
      busy={busy}
      onCancel={onClose}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-2xl p-5"
    >
      <MembersBody project={project} manager={manager} busy={busy} setBusy={setBusy} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

/** The project's members, read when shown and again at each `reload`. */
function useMembers(projectId: string): { load: Load; reload: () => void } {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let active = true;
    fetchMembers(projectId).then(
      (members) => {
        if (active) setLoad({ status: 'ready', members });
      },
      (error: unknown) => {
        if (active)
          setLoad({ status: 'error', message: describeRequestFailure(error, MEMBERS_MESSAGES.loadFailed) });
      },
    );
    return () => {
      active = false;
    };
  }, [projectId, reads]);
  return { load, reload: () => setReads((count) => count + 1) };
}

function MembersBody({
  project,
  manager,
  busy,
  setBusy,
}: {
  project: Project;
  manager: boolean;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const { load, reload } = useMembers(project.id);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function change(work: () => Promise<void>, success: string, failure: string) {
    setBusy(true);
    try {
      await work();
      setNotice({ tone: 'success', text: success });
      void refreshProjects();
    } catch (error) {
      setNotice({ tone: 'error', text: describeRequestFailure(error, failure) });
    } finally {
      setBusy(false);
      reload();
    }
  }

  const members = load.status === 'ready' ? load.members : [];
  return (
    <div className="mt-4 space-y-4">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {load.status === 'loading' ? <LoadingLine>Loading people…</LoadingLine> : null}
      {load.status === 'error' ? <LoadError message={load.message} onRetry={reload} /> : null}
      {load.status === 'ready' ? (
        <MemberList
          members={members}
          manager={manager}
          busy={busy}
          onRole={(member, role) =>
            change(
              () => setMemberRole(project.id, member.userId, role),
              MEMBERS_MESSAGES.added(member.fullName, role),
              MEMBERS_MESSAGES.changeFailed,
            )
          }
          onRemove={(member) =>
            change(
              () => removeMember(project.id, member.userId),
              MEMBERS_MESSAGES.removed(member.fullName),
              MEMBERS_MESSAGES.removeFailed,
            )
          }
        />
      ) : null}
      {manager && load.status === 'ready' ? (
        <AddMember
          members={members}
          busy={busy}
          onAdd={(person, role) =>
            change(
              () => setMemberRole(project.id, person.id, role),
              MEMBERS_MESSAGES.added(person.name, role),
              MEMBERS_MESSAGES.addFailed,
            )
          }
          onInvalid={(text) => setNotice({ tone: 'error', text })}
        />
      ) : null}
    </div>
  );
}

/** The people with a role of their own: managers change or remove each; others read. */
function MemberList({
  members,
  manager,
  busy,
  onRole,
  onRemove,
}: {
  members: readonly ProjectMember[];
  manager: boolean;
  busy: boolean;
  onRole: (member: ProjectMember, role: ProjectRole) => Promise<void>;
  onRemove: (member: ProjectMember) => Promise<void>;
}) {
  if (members.length === 0) return <p className="text-sm text-slate-600">{MEMBERS_MESSAGES.none}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Members">
      {members.map((member) => (
        <li key={member.userId} className="flex flex-wrap items-center gap-2 px-3 py-2">
          <span className="min-w-0 basis-full text-sm font-medium break-words text-slate-900 sm:flex-1 sm:basis-auto">
            {member.fullName}
          </span>
          {manager ? (
            <>
              <CompactSelect
                label={`Role of ${member.fullName}`}
                options={ROLE_OPTIONS}
                value={member.role}
                disabled={busy}
                onChange={(role) => void onRole(member, role)}
                className={cn(FIELD_LOOK, 'block w-auto py-1.5 text-sm')}
              />
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                aria-label={`Remove ${member.fullName}`}
                onClick={() => void onRemove(member)}
              >
                Remove
              </Button>
            </>
          ) : (
            <span className="text-sm text-slate-600">{PROJECT_ROLE_NAMES[member.role]}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Choose a person of the team without a role here yet, and a role, then `Add`. */
function AddMember({
  members,
  busy,
  onAdd,
  onInvalid,
}: {
  members: readonly ProjectMember[];
  busy: boolean;
  onAdd: (person: { id: string; name: string }, role: ProjectRole) => Promise<void>;
  onInvalid: (text: string) => void;
}) {
  const users = useSyncUsers();
  const [personId, setPersonId] = useState('');
  const [role, setRole] = useState<ProjectRole>('member');
  const personFieldId = useId();
  const roleFieldId = useId();
  const taken = new Set(members.map((member) => member.userId));
  const candidates = users.users.filter((user) => !taken.has(user.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const person = candidates.find((user) => user.id === personId);
    if (!person) {
      onInvalid(MEMBERS_MESSAGES.choosePerson);
      return;
    }
    await onAdd(person, role);
    setPersonId('');
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="rounded-lg bg-slate-50 p-3">
      <h3 className="pb-2 text-sm font-semibold text-slate-900">Add a person</h3>
      <div className="flex flex-wrap items-end gap-3">
        <FieldFrame inputId={personFieldId} label="Person" className="min-w-40 flex-1">
          <select
            id={personFieldId}
            name="person"
            className={FIELD_INPUT}
            value={personId}
            disabled={busy || users.status !== 'ready'}
            onChange={(event) => setPersonId(event.target.value)}
          >
            <option value="">
              {users.status === 'loading'
                ? 'Loading people…'
                : users.status === 'error'
                  ? 'Could not load people'
                  : 'Choose a person'}
            </option>
            {candidates.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame inputId={roleFieldId} label="Role" className="min-w-36">
          <select
            id={roleFieldId}
            name="role"
            className={FIELD_INPUT}
            value={role}
            disabled={busy}
            onChange={(event) => setRole(event.target.value as ProjectRole)}
          >
            {ROLE_OPTIONS.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </FieldFrame>
        <Button type="submit" disabled={busy}>
          Add
        </Button>
      </div>
    </form>
  );
}
