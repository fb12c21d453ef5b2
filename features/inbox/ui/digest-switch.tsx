'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { SwitchButton } from '@/shared/ui/switch-button';
import { serverMessageOf } from '@/shared/http/http';
import {
  fetchDigestSetting,
  saveDigestSetting,
  type DigestSetting,
} from '@/features/inbox/client/digest-api';

/** The inbox digest's texts (docs/product.md#email-of-what-you-miss). */
export const DIGEST_TEXTS = {
  label: 'Email me what I miss',
  intro:
    'Mentions, comments, assignments and completions you have not read in Tasklane, gathered in one email at most every 10 minutes. What you read within 2 minutes is not sent.',
  on: 'On: what you miss is emailed to you.',
  off: 'Off.',
  noMail: 'This server has no mail server set up yet: nothing is emailed until it has.',
  loading: 'Loading your email choice…',
  loadFailed: 'Could not load your email choice. Check your connection and try again.',
  retry: 'Retry',
  saving: 'Saving...',
  saveFailed: 'Could not save your email choice. Check your connection and try again.',
} as const;

type State =
  | { status: 'loading' }
  | { status: 'load-failed' }
  | { status: 'ready'; setting: DigestSetting; saving: boolean; message?: string; error?: string };

/** "Email me what I miss", with team sync on only: GET/PUT /api/reminders/digest, saved on each switch. */
export function DigestSwitch() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const labelId = useId();
  const statusId = useId();

  const load = useCallback(() => {
    fetchDigestSetting().then(
      (setting) => setState({ status: 'ready', setting, saving: false }),
      () => setState({ status: 'load-failed' }),
    );
  }, []);
  useEffect(() => load(), [load]);

  if (state.status === 'loading') return <p className="text-sm text-slate-600">{DIGEST_TEXTS.loading}</p>;
  if (state.status === 'load-failed') {
    return (
      <div className="space-y-2">
        <FormAlert tone="error">{DIGEST_TEXTS.loadFailed}</FormAlert>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setState({ status: 'loading' });
            load();
          }}
        >
          {DIGEST_TEXTS.retry}
        </Button>
      </div>
    );
  }

  const { setting, saving } = state;
  async function toggle() {
    const digest = !setting.digest;
    setState({ status: 'ready', setting, saving: true });
    try {
      const { message, ...saved } = await saveDigestSetting(digest);
      setState({ status: 'ready', setting: saved, saving: false, message });
    } catch (error) {
      setState({
        status: 'ready',
        setting,
        saving: false,
        error: serverMessageOf(error) ?? DIGEST_TEXTS.saveFailed,
      });
    }
  }

  const status = saving
    ? DIGEST_TEXTS.saving
    : state.message || (setting.digest ? DIGEST_TEXTS.on : DIGEST_TEXTS.off);
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-medium text-slate-900">
          {DIGEST_TEXTS.label}
        </span>
        <SwitchButton
          on={setting.digest}
          labelledBy={labelId}
          describedBy={statusId}
          disabled={saving}
          onClick={() => void toggle()}
        />
      </div>
      <p className="text-sm text-slate-600">{DIGEST_TEXTS.intro}</p>
      {setting.sending ? null : <p className="text-sm text-slate-600">{DIGEST_TEXTS.noMail}</p>}
      <p id={statusId} role="status" className="text-sm font-medium text-slate-800">
        {status}
      </p>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
    </div>
  );
}
