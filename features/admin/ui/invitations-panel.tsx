'use client';

import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormAlert } from '@/shared/ui/form-alert';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { CARD, FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame, TextField } from '@/shared/ui/text-field';
import { formatRole } from '@/shared/auth/role';
import {
  createInvitation,
  fetchInvitations,
  revokeInvitation,
  type CreatedInvitation,
  type OpenInvitation,
} from '@/features/admin/client/signup-settings-api';
import type { Role } from '@/shared/auth/role';
import { cn } from '@/shared/cn';
import { OFFLINE_TEXT } from '@/shared/content/offline';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { invitee, OpenInvitations } from './open-invitations';
import { reportRequestFailure } from '@/shared/http/report-failure';

/** The invite form offers User first: most invitations are for team members. */
const ROLE_OPTIONS: readonly Role[] = ['user', 'admin'];

/**
 * Manage Users' invitations (docs/product.md#invitations): 'Invite someone' (email optional, role)
 * makes a single-use sign-up link valid 7 days, shown once with Copy (and mailed when the server has
 * SMTP_URL); 'Open invitations' lists the ones still usable, each with Revoke.
 */
export function InvitationsPanel() {
  const headingId = useId();
  const listId = useId();
  const { state, retry, update } = useServerValue(
    (signal) => fetchInvitations({ signal }),
    'Could not load invitations',
  );
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [toRevoke, setToRevoke] = useState<OpenInvitation | null>(null);
  const [revoking, setRevoking] = useState(false);

  async function confirmRevoke() {
    if (!toRevoke || revoking) return;
    const { id } = toRevoke;
    setRevoking(true);
    try {
      const response = await revokeInvitation(id);
      update((list) => list.filter((invitation) => invitation.id !== id));
      if (created?.invitation.id === id) setCreated(null);
      toast.success(response?.message ?? 'Invitation revoked.');
    } catch (error) {
      reportRequestFailure('Failed to revoke invitation', error);
    } finally {
      setRevoking(false);
      setToRevoke(null);
    }
  }

  return (
    <section
      id="invite-someone"
      aria-labelledby={headingId}
      className={cn(CARD, 'mt-8 min-w-0 scroll-mt-24 space-y-6 p-4 sm:p-6')}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <OfflineNotice text={OFFLINE_TEXT.invitations} />
      <InviteForm
        onCreated={(result) => {
          setCreated(result);
          update((list) => [...list, result.invitation]);
        }}
      />
      {created ? <CreatedLink created={created} /> : null}

      <OpenInvitations state={state} onRetry={retry} listId={listId} onRevoke={setToRevoke} />

      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        busy={revoking}
        onConfirm={confirmRevoke}
        onCancel={() => setToRevoke(null)}
        returnFocus={() => document.getElementById(listId) ?? document.getElementById(headingId)}
      >
        {toRevoke ? (
          <p>
            The link for {invitee(toRevoke)} ({formatRole(toRevoke.role)}) will stop working. This cannot be
            undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

function InviteForm({ onCreated }: { onCreated: (created: CreatedInvitation) => void }) {
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await createInvitation({ email, role });
      onCreated(result);
      setEmail('');
      toast.success('Invitation created.');
    } catch (error) {
      reportRequestFailure('Failed to create invitation', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      aria-busy={busy}
    >
      <TextField
        label="Email (optional)"
        name="inviteEmail"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hint="Given: only this address can use the link, and it is mailed there when the server sends mail."
        className="sm:self-start"
      />
      <FieldFrame inputId={roleId} label="Role" className="sm:self-start">
        <select
          id={roleId}
          name="inviteRole"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          className={FIELD_INPUT}
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {formatRole(option)}
            </option>
          ))}
        </select>
      </FieldFrame>
      <Button type="submit" disabled={busy} className="sm:mt-7 sm:self-start">
        {busy ? 'Creating...' : 'Create invitation'}
      </Button>
    </form>
  );
}

function CreatedLink({ created }: { created: CreatedInvitation }) {
  const linkId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.link);
      toast.success('Link copied.');
    } catch {
      // A browser without clipboard access: the field is selected for a manual copy.
      const field = document.getElementById(linkId);
      if (field instanceof HTMLInputElement) field.select();
      toast.error('Could not copy the link. It is selected: copy it with your keyboard.');
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-brand-100 bg-brand-50 p-3">
      <FormAlert tone="success" className="border-0 bg-transparent px-0 py-0">
        Invitation created for {invitee(created.invitation)} ({formatRole(created.invitation.role)}).
        {created.emailedTo ? ` Emailed to ${created.emailedTo}.` : ''} The link is shown only once.
      </FormAlert>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={linkId}
          label="Invitation link"
          readOnly
          value={created.link}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 basis-64"
        />
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy link
        </Button>
      </div>
    </div>
  );
}
