'use client';

import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from '@/features/accounts/client/auth-api';
import { describeFailure, FAILURE_WORDING } from '@/shared/http/failure-message';
import { ApiError, nullWhenRefused } from '@/shared/http/http';
import { useServerValue } from '@/shared/hooks/use-server-value';
import { replaceStoredToken } from '@/shared/session/session';
import { saveSafely } from '@/shared/browser-storage/save-safely';

const LOAD_FAILED = 'Could not load your two-factor settings.';

/** Where the block is: at rest (on or off), setting up, or showing the fresh recovery codes. */
export type TwoFactorStage =
  { name: 'idle' } | { name: 'setup'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

/** Turning two-factor on or off ends the other sessions: the fresh token keeps this one. */
function keepToken(token: string | undefined) {
  if (token) saveSafely(() => replaceStoredToken(token));
}

/**
 * The two-factor block's state: the account's status from the server, the stage, the code being
 * typed, and one request at a time (`run`) whose failure is said in the block.
 */
export function useTwoFactor() {
  const { state, retry, update } = useServerValue(
    (signal) => nullWhenRefused(getTwoFactorStatus({ signal })),
    LOAD_FAILED,
  );
  const [stage, setStage] = useState<TwoFactorStage>({ name: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');

  async function run<T>(request: () => Promise<T>, done: (result: T) => void) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      done(await request());
    } catch (caught) {
      // A refused session (401) is already on its way to the login screen, which says why.
      if (!(caught instanceof ApiError && caught.status === 401))
        setError(describeFailure(caught, FAILURE_WORDING.accountBlock));
    } finally {
      setBusy(false);
    }
  }

  function turnOn(value: string) {
    void run(
      () => enableTwoFactor(value),
      (result) => {
        keepToken(result?.token);
        setCode('');
        setStage({ name: 'codes', codes: result?.recoveryCodes ?? [] });
        update((status) => status && { ...status, enabled: true });
      },
    );
  }

  function turnOff(value: string) {
    void run(
      () => disableTwoFactor(value),
      (result) => {
        keepToken(result?.token);
        setCode('');
        update((status) => status && { ...status, enabled: false });
        toast.success(result?.message ?? 'Two-factor authentication is off.');
      },
    );
  }

  function submitCode(event: FormEvent<HTMLFormElement>, action: 'on' | 'off') {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter the code.');
      return;
    }
    if (action === 'on') turnOn(code.trim());
    else turnOff(code.trim());
  }

  return {
    state,
    retry,
    stage,
    busy,
    error,
    code,
    setCode,
    submitCode,
    startSetup: () => void run(startTwoFactorSetup, (setup) => setStage({ name: 'setup', setup })),
    cancelSetup: () => {
      setStage({ name: 'idle' });
      setError(null);
      setCode('');
    },
    closeCodes: () => setStage({ name: 'idle' }),
  };
}
