'use client';

import { useId, type RefObject } from 'react';
import { cn } from '@/shared/cn';
import { type AdminUser } from '@/features/admin/model/users';
import { formatRole } from '@/shared/auth/role';
import type { Role } from '@/shared/auth/role';
import { Button } from '@/shared/ui/button';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { RoleSelect } from './role-select';
import { EMAIL_WRAP, NOWRAP, TABLE_ACTIONS, TABLE_CELL } from '@/shared/ui/table-styles';
import { useEditFocus } from './use-edit-focus';
import type { UserDraft } from './use-row-editor';

/**
 * The role select offers Admin then User; the values sent are the role values
 * (docs/product.md#manage-users).
 */
const ROLE_OPTIONS: readonly Role[] = ['admin', 'user'];

/**
 * Why the signed-in admin's own row offers no delete and no role change: the server refuses both
 * (docs/product.md#manage-users), so the row says so instead of asking and then failing.
 */
export const OWN_ROW_TEXTS = {
  noDelete: 'You cannot delete your own account.',
  noRoleChange: 'You cannot remove your own admin role.',
} as const;

export interface UserRowProps {
  user: AdminUser;
  rowNumber: number;
  /** The signed-in admin's own account. */
  own: boolean;
  /** Two-factor sign-in is on for this account. */
  twoFactor: boolean;
  draft: UserDraft | null;
  saving: boolean;
  onEdit: () => void;
  onDraftChange: (draft: UserDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

/** One account in Manage Users: viewed, or edited in place (name and role) with Save/Cancel. */
export function UserRow(props: UserRowProps) {
  const { user, own, draft } = props;
  const emailId = useId();
  const ids = { emailId, noteId: `${emailId}-own` };
  const { fieldRef, editButtonRef } = useEditFocus(draft !== null);
  return (
    <tr className={cn(draft !== null && 'bg-brand-50')}>
      <td className={cn(TABLE_CELL, NOWRAP, 'text-slate-600 tabular-nums')}>{props.rowNumber}</td>
      <td className={TABLE_CELL}>
        {draft ? (
          <NameInput {...props} draft={draft} id={`${emailId}-name`} inputRef={fieldRef} />
        ) : (
          user.fullName
        )}
      </td>
      <EmailCell id={emailId} email={user.email} twoFactor={props.twoFactor} />
      <td className={TABLE_CELL}>
        {draft ? (
          <>
            <RoleSelect
              id={`${emailId}-role`}
              label={`Role of ${user.email}`}
              options={ROLE_OPTIONS}
              value={draft.role}
              onChange={(role) => props.onDraftChange({ ...draft, role })}
              disabled={props.saving || own}
              describedBy={own ? ids.noteId : undefined}
            />
            {own ? <OwnRowNote id={ids.noteId}>{OWN_ROW_TEXTS.noRoleChange}</OwnRowNote> : null}
          </>
        ) : (
          formatRole(user.role)
        )}
      </td>
      <td className={TABLE_CELL}>
        <RowActions {...props} {...ids} editButtonRef={editButtonRef} />
        {own && !draft ? <OwnRowNote id={ids.noteId}>{OWN_ROW_TEXTS.noDelete}</OwnRowNote> : null}
      </td>
    </tr>
  );
}

/** The name being edited: Enter saves, Escape cancels. */
function NameInput({
  user,
  draft,
  saving,
  onDraftChange,
  onSave,
  onCancel,
  id,
  inputRef,
}: UserRowProps & { draft: UserDraft; id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Full name of {user.email}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={draft.fullName}
        onChange={(event) => onDraftChange({ ...draft, fullName: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSave();
          if (event.key === 'Escape') onCancel();
        }}
        required
        autoComplete="off"
        disabled={saving}
        className={cn(FIELD_INPUT, 'min-w-40 py-1.5 text-sm')}
      />
    </>
  );
}

/** The row's header cell: the email, with a `2FA on` badge when two-factor sign-in is on. */
function EmailCell({ id, email, twoFactor }: { id: string; email: string; twoFactor: boolean }) {
  return (
    <th scope="row" id={id} className={cn(TABLE_CELL, EMAIL_WRAP, 'font-normal')}>
      {email}
      {twoFactor ? ' ' : null}
      {twoFactor ? (
        <span
          title="Two-factor authentication is on"
          className="ml-2 inline-block rounded-full bg-green-100 px-2 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-green-800"
        >
          2FA on
        </span>
      ) : null}
    </th>
  );
}

/** Save/Cancel while editing; Edit/Delete otherwise, each described by the row's email. */
function RowActions({
  own,
  draft,
  saving,
  onEdit,
  onSave,
  onCancel,
  onDelete,
  emailId,
  noteId,
  editButtonRef,
}: UserRowProps & { emailId: string; noteId: string; editButtonRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <div className={TABLE_ACTIONS}>
      {draft ? (
        <>
          <Button size="sm" key="save" onClick={onSave} disabled={saving} aria-describedby={emailId}>
            Save
          </Button>
          <Button
            variant="secondary"
            size="sm"
            key="cancel"
            onClick={onCancel}
            disabled={saving}
            aria-describedby={emailId}
          >
            Cancel
          </Button>
        </>
      ) : (
        <>
          <Button
            ref={editButtonRef}
            variant="secondary"
            size="sm"
            key="edit"
            onClick={onEdit}
            aria-describedby={emailId}
          >
            Edit
          </Button>
          {/* Own row: still a Delete, but disabled and focusable, saying why (not a confirmation that
              ends in the server's refusal). */}
          <Button
            variant="danger"
            size="sm"
            key="delete"
            onClick={own ? undefined : onDelete}
            aria-disabled={own || undefined}
            aria-describedby={own ? `${emailId} ${noteId}` : emailId}
            className={own ? 'cursor-not-allowed opacity-60' : undefined}
          >
            Delete
          </Button>
        </>
      )}
    </div>
  );
}

function OwnRowNote({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}
