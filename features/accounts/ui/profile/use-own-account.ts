'use client';

import { reportRequestFailure } from '@/shared/http/report-failure';
import { fetchOwnAccount, saveOwnName, type OwnAccount } from '@/features/accounts/client/account-api';
import { ApiError, serverMessageOf } from '@/shared/http/http';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { loggedInUserStore } from '@/shared/session/session';
import type { ProfileTextField } from './profile-form';

/** Team mode's profile fields: the email is the sign-in address, read-only, changed in Manage Users. */
export function withAccountEmail<Key extends string>(
  fields: readonly ProfileTextField<Key>[],
): readonly ProfileTextField<Key>[] {
  return fields.map((field) =>
    field.key === 'email'
      ? {
          ...field,
          readOnly: true,
          hint: 'Your sign-in email. An administrator can change it in Manage Users.',
        }
      : field,
  );
}

/**
 * Team mode's profile forms (a member's Profile, an admin's Profile Settings): the signed-in account
 * (GET /api/auth/account), and `saveName` for `useProfileForm`, which saves the name on the account
 * (kept across logout, seen by the team) before the form saves the rest in this browser.
 */
export function useOwnAccount(): {
  state: ReturnType<typeof useServerValue<OwnAccount>>['state'];
  retry: () => void;
  account: OwnAccount | null;
  saveName: (name: string) => Promise<string | null>;
} {
  const { state, retry } = useServerValue(
    (signal) => fetchOwnAccount({ signal }),
    'Could not load your account',
  );
  return {
    state,
    retry,
    account: state.status === 'ready' ? state.value : null,
    saveName: async (name) => {
      try {
        const { account: saved } = await saveOwnName(name);
        // The navbar's name in team mode (docs/product.md#navbar), until the next sign-in.
        saveSafely(() => loggedInUserStore.write({ name: saved.fullName || name }));
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && serverMessageOf(error)) {
          return (serverMessageOf(error) ?? '').replace(/^Full name/, 'Name');
        }
        reportRequestFailure('Failed to save your name', error);
        return '';
      }
    },
  };
}
