'use client';

import { useTextInput } from '@/features/accounts/ui/auth-form';
import { PasswordField } from '@/shared/ui/password-field';
import { PASSWORD_MIN_LENGTH } from '@/features/accounts/model/account-limits';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match!';

/** A new password typed twice; `mismatch` is the alert to show, instead of sending, when the two differ. */
export function useNewPassword() {
  const password = useTextInput();
  const confirmation = useTextInput();
  return {
    password,
    confirmation,
    mismatch: password.value === confirmation.value ? null : PASSWORDS_DO_NOT_MATCH,
  };
}

/** The new password, with the rule as its hint, and its confirmation. */
export function NewPasswordFields({
  label,
  state,
}: {
  label: string;
  state: ReturnType<typeof useNewPassword>;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...state.password}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        {...state.confirmation}
      />
    </>
  );
}
