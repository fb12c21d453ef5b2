'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '@/features/admin/model/users';
import { deleteAdminUser, updateAdminUser } from '@/features/admin/client/admin-users-api';
import type { Role } from '@/shared/auth/role';
import { reportRequestFailure } from '@/shared/http/report-failure';

/** A row being edited: its email (the key), the name and the role as typed and chosen. */
export type UserDraft = { email: string; fullName: string; role: Role };

/**
 * Manage Users' edits: one row in edit at a time (`draft`), its save, and the delete asked for
 * (`toDelete`) then confirmed. Each change is applied to the list (`updateUsers`) once the server
 * took it; a failure is logged and told in a toast, and the list stays as it was.
 */
export function useRowEditor(updateUsers: (change: (users: AdminUser[]) => AdminUser[]) => void) {
  const [draft, setDraft] = useState<UserDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);

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

  return {
    draft,
    setDraft,
    saving,
    toDelete,
    setToDelete,
    deleting,
    save,
    confirmDelete,
    edit: (user: AdminUser) => setDraft({ email: user.email, fullName: user.fullName, role: user.role }),
    cancel: () => setDraft(null),
  };
}
