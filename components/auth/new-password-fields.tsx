'use client';

import { useState } from 'react';
import { PasswordField } from '@/components/ui/password-field';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match!';

/** A new password typed twice; `mismatch` is the alert to show, instead of sending, when the two differ. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    mismatch: password === confirmation ? null : PASSWORDS_DO_NOT_MATCH,
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The new password, with the rule as its hint, and its confirmation. */
export function NewPasswordFields({ label, state }: { label: string; state: NewPassword }) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={state.password}
        onChange={(event) => state.setPassword(event.target.value)}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={state.confirmation}
        onChange={(event) => state.setConfirmation(event.target.value)}
      />
    </>
  );
}
