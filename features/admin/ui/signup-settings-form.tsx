'use client';

import type { FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { SegmentedChoice } from '@/shared/ui/segmented-choice';
import { TextField } from '@/shared/ui/text-field';
import { fetchSignupSettings, type SignupSettingsState } from '@/features/admin/client/signup-settings-api';
import { SIGNUP_MODES, SIGNUP_MODE_LABELS, type SignupMode } from '@/shared/auth/signup-policy';
import { OFFLINE_TEXT } from '@/shared/content/offline';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { useSignupSettingsForm } from './use-signup-settings-form';

const MODE_OPTIONS = SIGNUP_MODES.map((mode) => ({ value: mode, label: SIGNUP_MODE_LABELS[mode] }));

/** What each mode means, under the switch (docs/product.md#sign-up-settings). */
const MODE_HELP: Record<SignupMode, string> = {
  open: 'Anyone who opens the sign-up screen can create an account (limited to the domains below, if any).',
  invitation: 'Only people with an invitation link from Manage Users can create an account.',
  closed: 'Nobody can sign up on their own; an invitation link from Manage Users still works.',
};

const LOAD_FAILED = 'Could not load the sign-up settings';

/**
 * Team sync on, SIGNUP_MODE unset and nothing saved: why sign-up is invitation only, above the
 * control that opens it (docs/product.md#sign-up-settings, ADR 0041).
 */
export const TEAM_DEFAULT_TEXT =
  'Sign-up is invitation only: with team sync on, it closes once the first administrator exists, so strangers cannot join your team. Open it to let anyone who has the address create an account.';

/**
 * Admin Settings' 'Sign-up' (docs/product.md#sign-up-settings): who may create an account (Open,
 * Invitation only, Closed) and, when open, which email domains. Saved on the server for every browser.
 */
export function SignupSettingsForm() {
  const { state, retry, update } = useServerValue((signal) => fetchSignupSettings({ signal }), LOAD_FAILED);
  return (
    <div id="sign-up" className="scroll-mt-36 space-y-4">
      <OfflineNotice text={OFFLINE_TEXT.signupSettings} />
      {state.status === 'loading' ? <LoadingLine>Loading sign-up settings…</LoadingLine> : null}
      {state.status === 'error' ? <LoadError message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? (
        <SignupSettingsFields initial={state.value} onSaved={(settings) => update(() => settings)} />
      ) : null}
    </div>
  );
}

function SignupSettingsFields({
  initial,
  onSaved,
}: {
  initial: SignupSettingsState;
  onSaved: (settings: SignupSettingsState) => void;
}) {
  const { mode, setMode, domainsText, setDomainsText, domainsError, busy, save } = useSignupSettingsForm(
    initial,
    onSaved,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await save(mode);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={busy}>
      {initial.source === 'team-default' ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{TEAM_DEFAULT_TEXT}</p>
          <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => save('open')}>
            Open sign-up
          </Button>
        </div>
      ) : null}
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800" aria-hidden="true">
          Who may sign up
        </p>
        <SegmentedChoice
          legend="Who may sign up"
          options={MODE_OPTIONS}
          value={mode}
          onChange={setMode}
          itemClassName="px-3"
        />
        <p className="text-sm text-slate-600">{MODE_HELP[mode]}</p>
      </div>
      <TextField
        label="Allowed email domains"
        name="signupDomains"
        placeholder="example.com, example.org"
        autoComplete="off"
        spellCheck={false}
        value={domainsText}
        onChange={(event) => setDomainsText(event.target.value)}
        error={domainsError}
        hint="Separate with commas or spaces. Empty: any domain. Each domain is matched exactly (list subdomains too). Invitations are not limited."
      />
      {initial.source === 'environment' ? (
        <p className="text-sm text-slate-600">
          Preset by the server&apos;s SIGNUP_MODE and SIGNUP_DOMAINS until you save here.
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? 'Saving...' : 'Save Sign-up Settings'}
      </Button>
    </form>
  );
}
