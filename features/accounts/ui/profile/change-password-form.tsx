'use client';

import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { changePassword } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';
import { ApiError } from '@/shared/http/http';
import { replaceStoredToken } from '@/shared/session/session';
import { PASSWORD_CHANGED_MESSAGE } from '@/features/accounts/model/password-messages';

/** The alert for an empty new password; no request is made (docs/product.md#change-password). */
export const EMPTY_NEW_PASSWORD_MESSAGE = 'Please enter a new password!';

/**
 * Admin Settings' 'Change Password' (docs/product.md#change-password): the current password, a new one and a
 * 'Change Password' button. The server checks the current password, applies the sign-up rules and ends every
 * other session; the token it returns keeps this one going. Results are shown with `window.alert`.
 */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!newPassword) {
      window.alert(EMPTY_NEW_PASSWORD_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const result = await changePassword({ currentPassword, newPassword });
      // The old token no longer works: without the new one this session would end at the next call.
      if (result?.token) saveSafely(() => replaceStoredToken(result.token!));
      setCurrentPassword('');
      setNewPassword('');
      window.alert(PASSWORD_CHANGED_MESSAGE);
    } catch (error) {
      // A refused session (401) is already on its way to the login screen, which says why.
      if (error instanceof ApiError && error.status === 401) return;
      window.alert(describeFailure(error, FAILURE_WORDING.changePassword));
    } finally {
      setBusy(false);
    }
  }

  return (
    // noValidate: an empty new password must reach our own alert, not the browser's bubble.
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={busy}>
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        hint="At least 8 characters, different from your current password."
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? 'Changing Password...' : 'Change Password'}
      </Button>
    </form>
  );
}
