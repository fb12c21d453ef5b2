'use client';

import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { formatRole } from '@/shared/auth/role';
import type { OpenInvitation } from '@/features/admin/client/signup-settings-api';
import { formatAdminDateTime } from '@/shared/format/admin-dates';
import type { ServerValueState } from '@/shared/hooks/use-server-value';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';

const ANYONE = 'Anyone with the link';

/** Who an invitation is for: its address, or anyone holding the link. */
export function invitee(invitation: OpenInvitation): string {
  return invitation.email ?? ANYONE;
}

/** 'Open invitations': the ones still usable (loading, failed or listed), each with Revoke. */
export function OpenInvitations({
  state,
  onRetry,
  listId,
  onRevoke,
}: {
  state: ServerValueState<OpenInvitation[]>;
  onRetry: () => void;
  /** The list's id, where focus returns after a revoke. */
  listId: string;
  onRevoke: (invitation: OpenInvitation) => void;
}) {
  const headingId = useId();
  return (
    <div className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Open invitations
      </h3>
      {state.status === 'loading' ? <LoadingLine>Loading invitations…</LoadingLine> : null}
      {state.status === 'error' ? <LoadError message={state.message} onRetry={onRetry} /> : null}
      {state.status === 'ready' && state.value.length === 0 ? (
        <p className="text-sm text-slate-600">No open invitations.</p>
      ) : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        <ul
          id={listId}
          aria-labelledby={headingId}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {state.value.map((invitation) => (
            <InvitationItem
              key={invitation.id}
              invitation={invitation}
              onRevoke={() => onRevoke(invitation)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function InvitationItem({ invitation, onRevoke }: { invitation: OpenInvitation; onRevoke: () => void }) {
  const labelId = useId();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5 text-sm">
      <span id={labelId} className="min-w-0 flex-1 basis-48 font-medium break-words text-slate-900">
        {invitee(invitation)}
      </span>
      <span className="text-slate-700">{formatRole(invitation.role)}</span>
      <span className="text-slate-600">Expires {formatAdminDateTime(invitation.expiresAt)}</span>
      <Button variant="danger" size="sm" onClick={onRevoke} aria-describedby={labelId}>
        Revoke
      </Button>
    </li>
  );
}
