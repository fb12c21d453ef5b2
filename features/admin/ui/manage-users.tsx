'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { cn } from '@/shared/cn';
import { paginate } from '@/shared/ui/pagination';
import { fetchTwoFactorEmails } from '@/features/admin/client/admin-users-api';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { UsersLoadState } from '@/features/admin/ui/users-load-state';
import { PaginationBar } from '@/shared/ui/pagination-bar';
import { TableHead, TableScroll } from '@/shared/ui/table-scroll';
import { TABLE } from '@/shared/ui/table-styles';
import { UserRow } from './user-row';
import { useRowEditor } from './use-row-editor';
import { preloadAdminUsers, useAdminUsers } from '@/features/admin/ui/use-admin-users';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';

const MANAGE_USERS_PATH = '/admin/manage-users';

// The table is the page: ask for the list while React is still starting. Only on a load of this very
// page (this module can also be evaluated while another page prefetches it).
if (typeof window !== 'undefined' && window.location.pathname === MANAGE_USERS_PATH) preloadAdminUsers();

/** Manage Users' columns (docs/product.md#manage-users). */
const USER_COLUMNS = ['ID', 'Name', 'Email', 'Role', 'Actions'] as const;

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
  const editor = useRowEditor(updateUsers);
  const { draft, saving, toDelete, deleting } = editor;
  const headingId = useId();
  const tableBoxId = useId();

  const users = useMemo(() => (state.status === 'ready' ? state.users : []), [state]);
  const slice = useMemo(() => paginate(users, page), [users, page]);

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
                    onEdit={() => editor.edit(user)}
                    onDraftChange={editor.setDraft}
                    onSave={editor.save}
                    onCancel={editor.cancel}
                    onDelete={() => editor.setToDelete(user)}
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
        onConfirm={editor.confirmDelete}
        onCancel={() => editor.setToDelete(null)}
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
