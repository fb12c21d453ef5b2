'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { saveSignupSettings, type SignupSettingsState } from '@/features/admin/client/signup-settings-api';
import { SIGNUP_DOMAINS_MAX_COUNT, parseDomainList, type SignupMode } from '@/shared/auth/signup-policy';
import { reportRequestFailure } from '@/shared/http/report-failure';

/**
 * The sign-up settings as edited (the mode, the domains as typed) and their `save`: the domains are
 * checked first (the error under the field), then the server's answer becomes the form's values.
 */
export function useSignupSettingsForm(
  initial: SignupSettingsState,
  onSaved: (settings: SignupSettingsState) => void,
) {
  const [mode, setMode] = useState<SignupMode>(initial.mode);
  const [domainsText, setDomainsText] = useState(initial.domains.join(', '));
  const [domainsError, setDomainsError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  /** Saves `chosen` with the typed domains; the team default's 'Open sign-up' saves Open. */
  async function save(chosen: SignupMode) {
    if (busy) return;
    const parsed = parseDomainList(domainsText);
    if (!('domains' in parsed)) {
      setDomainsError(
        'invalid' in parsed
          ? `"${parsed.invalid}" is not a domain name such as example.com.`
          : `List at most ${SIGNUP_DOMAINS_MAX_COUNT} domains.`,
      );
      return;
    }
    setDomainsError(undefined);
    setBusy(true);
    try {
      const { settings, message } = await saveSignupSettings({ mode: chosen, domains: parsed.domains });
      setMode(settings.mode);
      setDomainsText(settings.domains.join(', '));
      onSaved(settings);
      toast.success(message ?? 'Sign-up settings saved.');
    } catch (error) {
      reportRequestFailure('Failed to save the sign-up settings', error);
    } finally {
      setBusy(false);
    }
  }

  return { mode, setMode, domainsText, setDomainsText, domainsError, busy, save };
}
