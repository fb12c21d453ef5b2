'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { paginate } from '@/lib/admin/pagination';
import { formatRole, type AdminUser } from '@/lib/admin/users';
import { deleteAdminUser, fetchTwoFactorEmails, updateAdminUser } from '@/lib/api/admin-users';
import type { Role } from '@/lib/auth/role';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FIELD_INPUT } from '@/components/ui/styles';
import { UsersLoadState } from './load-error';
import { PaginationBar } from './pagination-bar';
import { reportRequestFailure } from './request-failure';
import { TableHead, TableScroll } from './table-scroll';
import { EMAIL_WRAP, NOWRAP, TABLE, TABLE_ACTIONS, TABLE_CELL } from './table-styles';
import { preloadAdminUsers, useAdminUsers } from '@/lib/hooks/use-admin-users';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { userStore } from '@/lib/storage/session';

const MANAGE_USERS_PATH = '/admin/manage-users';

// The table is the page: ask for the list while React is still starting. Only on a load of this very
// page (this module can also be evaluated while another page prefetches it).
if (typeof window !== 'undefined' && window.location.pathname === MANAGE_USERS_PATH) preloadAdminUsers();

/**
 * The role select offers Admin then User; the values sent are the role values
 * (docs/product.md#manage-users).
 */
const ROLE_OPTIONS: readonly Role[] = ['admin', 'user'];

/** Manage Users' columns (docs/product.md#manage-users). */
const USER_COLUMNS = ['ID', 'Name', 'Email', 'Role', 'Actions'] as const;

type Draft = { email: string; fullName: string; role: Role };

/**
 * Why the signed-in admin's own row offers no delete and no role change: the server refuses both
 * (docs/product.md#manage-users), so the row says so instead of asking and then failing.
 */
export const OWN_ROW_TEXTS = {
  noDelete: 'You cannot delete your own account.',
  noRoleChange: 'You cannot remove your own admin role.',
} as const;

/**
 * Manage Users (docs/product.md#manage-users): ID (row number), Name, Email (with a `2FA on` badge for
 * accounts with two-factor sign-in on), Role (capitalised), Actions; newest first; Edit → Save/Cancel per row; Delete after a confirmation; the signed-in admin's
 * own row keeps its role and cannot be deleted. Failures keep the row as it was, are logged to the
 * console and are told in a toast with the server's message.
 */
export function ManageUsers() {
  const { state, retry, updateUsers } = useAdminUsers();
  const twoFactorEmails = useTwoFactorEmails();
  const ownEmail = useLocalStore(userStore)?.email.toLowerCase() ?? null;
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();
  const tableBoxId = useId();

  const users = useMemo(() => (state.status === 'ready' ? state.users : []), [state]);
  const slice = useMemo(() => paginate(users, page), [users, page]);

  async function save() {
    if (!draft || saving) return;
    const update = { fullName: draft.fullName.trim(), email: draft.email, role: draft.role };
    setSaving(true);
    try {
      const response = await updateAdminUser(draft.email, update);
      updateUsers((list) =>
        list.map((user) =>
          user.email === update.email ? { ...user, fullName: update.fullName, role: update.role } : user,
        ),
      );
      toast.success(response?.message ?? 'User updated.');
    } catch (error) {
      reportRequestFailure('Failed to update user', error);
    } finally {
      // Saved or refused, the row goes back to view and shows what the server holds.
      setDraft(null);
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    const { email } = toDelete;
    setDeleting(true);
    try {
      const response = await deleteAdminUser(email);
      updateUsers((list) => list.filter((user) => user.email !== email));
      if (draft?.email === email) setDraft(null);
      toast.success(response?.message ?? `User ${email} deleted.`);
    } catch (error) {
      reportRequestFailure('Failed to delete user', error);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <>
      <h1 id={headingId} className="pb-4 text-2xl font-bold text-brand-900">
        Manage Users
      </h1>
      <UsersLoadState
        state={state}
        onRetry={retry}
        emptyClassName="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600"
      />
      {users.length > 0 ? (
        <>
          <p className="pb-2 text-sm text-slate-600">
            {users.length} {users.length === 1 ? 'user' : 'users'}, newest first.
          </p>
          <TableScroll label="Users table" id={tableBoxId}>
            <table
              className={cn(TABLE, 'min-w-[40rem]')}
              aria-labelledby={headingId}
              aria-busy={saving || deleting || undefined}
            >
              <TableHead columns={USER_COLUMNS} />
              <tbody>
                {slice.rows.map((user, index) => (
                  <UserRow
                    key={user.email}
                    user={user}
                    rowNumber={slice.firstRowNumber + index}
                    own={user.email.toLowerCase() === ownEmail}
                    twoFactor={twoFactorEmails?.has(user.email) ?? false}
                    draft={draft?.email === user.email ? draft : null}
                    saving={saving}
                    onEdit={() => setDraft({ email: user.email, fullName: user.fullName, role: user.role })}
                    onDraftChange={setDraft}
                    onSave={save}
                    onCancel={() => setDraft(null)}
                    onDelete={() => setToDelete(user)}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <PaginationBar label="Users pages" page={slice.page} pageCount={slice.pageCount} onPage={setPage} />
        </>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        returnFocus={() => document.getElementById(tableBoxId)}
      >
        {toDelete ? (
          <p>
            {toDelete.fullName} ({toDelete.email}) will lose their account. This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/**
 * Who has two-factor sign-in on, for the badge beside the email. An extra: a failed load (offline, an
 * older server) shows no badge and no error, the list itself says what went wrong with it.
 */
function useTwoFactorEmails(): Set<string> | null {
  const [emails, setEmails] = useState<Set<string> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchTwoFactorEmails({ signal: controller.signal }).then(
      (found) => {
        if (!controller.signal.aborted) setEmails(found);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return emails;
}

function UserRow({
  user,
  rowNumber,
  own,
  twoFactor,
  draft,
  saving,
  onEdit,
  onDraftChange,
  onSave,
  onCancel,
  onDelete,
}: {
  user: AdminUser;
  rowNumber: number;
  /** The signed-in admin's own account. */
  own: boolean;
  /** Two-factor sign-in is on for this account. */
  twoFactor: boolean;
  draft: Draft | null;
  saving: boolean;
  onEdit: () => void;
  onDraftChange: (draft: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const emailId = useId();
  const noteId = `${emailId}-own`;
  const nameInputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const editing = draft !== null;
  const wasEditing = useRef(editing);

  useEffect(() => {
    if (editing && !wasEditing.current) nameInputRef.current?.focus();
    // Back to view: Save/Cancel are gone, so focus returns to Edit, unless the admin moved on.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (!editing && wasEditing.current && focusLost) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <tr className={cn(editing && 'bg-brand-50')}>
      <td className={cn(TABLE_CELL, NOWRAP, 'text-slate-600 tabular-nums')}>{rowNumber}</td>
      <td className={TABLE_CELL}>
        {draft ? (
          <>
            <label htmlFor={`${emailId}-name`} className="sr-only">
              Full name of {user.email}
            </label>
            <input
              ref={nameInputRef}
              id={`${emailId}-name`}
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
        ) : (
          user.fullName
        )}
      </td>
      <th scope="row" id={emailId} className={cn(TABLE_CELL, EMAIL_WRAP, 'font-normal')}>
        {user.email}
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
      <td className={TABLE_CELL}>
        {draft ? (
          <>
            <label htmlFor={`${emailId}-role`} className="sr-only">
              Role of {user.email}
            </label>
            <select
              id={`${emailId}-role`}
              value={draft.role}
              onChange={(event) => onDraftChange({ ...draft, role: event.target.value as Role })}
              disabled={saving || own}
              aria-describedby={own ? noteId : undefined}
              className={cn(FIELD_INPUT, 'py-1.5 text-sm')}
            >
              {ROLE_OPTIONS.map((role) => (
                <option key={role} value={role}>
                  {formatRole(role)}
                </option>
              ))}
            </select>
            {own ? <OwnRowNote id={noteId}>{OWN_ROW_TEXTS.noRoleChange}</OwnRowNote> : null}
          </>
        ) : (
          formatRole(user.role)
        )}
      </td>
      <td className={TABLE_CELL}>
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
        {own && !draft ? <OwnRowNote id={noteId}>{OWN_ROW_TEXTS.noDelete}</OwnRowNote> : null}
      </td>
    </tr>
  );
}

function OwnRowNote({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}
