'use client';

import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LoadError, LoadingLine } from '@/components/admin/load-error';
import { SettingsSection } from '@/components/admin/settings-section';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from '@/lib/api/auth';
import { describeFailure } from '@/lib/api/failure-message';
import { ApiError } from '@/lib/api/http';
import { useServerValue } from '@/lib/hooks/use-server-value';
import { replaceStoredToken } from '@/lib/storage/session';
import { saveSafely } from '@/lib/storage/save-safely';

export const TWO_FACTOR_TITLE = 'Two-Factor Authentication';
const LOAD_FAILED = 'Could not load your two-factor settings.';
const REQUEST_FAILED = { http: 'The request failed. Try again.', other: 'The request failed. Try again.' };
export const RECOVERY_FILE_NAME = 'tasklane-recovery-codes.txt';

type Stage = { name: 'idle' } | { name: 'setup'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

/** The account's two-factor state; null when the server refused the token (401). */
async function loadStatus(signal: AbortSignal) {
  try {
    return await getTwoFactorStatus({ signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The text of the downloaded recovery codes file. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Tasklane recovery codes',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadCodes(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The profile's two-factor block, in both areas (docs/product.md#two-factor-sign-in): off, a button
 * starts the set-up (QR code, the secret as text, a first code turns it on); then the ten recovery
 * codes, shown once; on, a code turns it off. Turning it on or off ends the account's other sessions:
 * the fresh token the server returns keeps this one.
 */
export function TwoFactorSection({
  className,
  onFinished,
}: {
  className?: string;
  /** Called once the recovery codes have been seen (`Done`). */
  onFinished?: () => void;
}) {
  const { state, retry, update } = useServerValue(loadStatus, LOAD_FAILED);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
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
        setError(describeFailure(caught, REQUEST_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function keepToken(token: string | undefined) {
    if (token) saveSafely(() => replaceStoredToken(token));
  }

  function submitCode(event: FormEvent<HTMLFormElement>, action: 'on' | 'off') {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter the code.');
      return;
    }
    if (action === 'on') {
      void run(
        () => enableTwoFactor(code.trim()),
        (result) => {
          keepToken(result?.token);
          setCode('');
          setStage({ name: 'codes', codes: result?.recoveryCodes ?? [] });
          update((value) => value && { ...value, enabled: true });
        },
      );
    } else {
      void run(
        () => disableTwoFactor(code.trim()),
        (result) => {
          keepToken(result?.token);
          setCode('');
          update((value) => value && { ...value, enabled: false });
          toast.success(result?.message ?? 'Two-factor authentication is off.');
        },
      );
    }
  }

  async function copyCodes(codes: readonly string[]) {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy the codes. Download them instead.');
    }
  }

  let body;
  // No account behind the token (refused): nothing to set up here.
  if (state.status === 'ready' && state.value === null) return null;
  if (state.status === 'loading') body = <LoadingLine>Loading two-factor settings…</LoadingLine>;
  else if (state.status === 'error') body = <LoadError message={state.message} onRetry={retry} />;
  else if (stage.name === 'codes') {
    body = (
      <div className="space-y-4">
        <FormAlert tone="success">
          Two-factor authentication is on. Save your recovery codes now: they are shown only once.
        </FormAlert>
        <p className="text-sm text-slate-700">
          Each recovery code signs you in once when you cannot use your authenticator app. Keep them somewhere
          safe.
        </p>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-1 gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-2"
        >
          {stage.codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => void copyCodes(stage.codes)}>
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
          <Button variant="secondary" onClick={() => downloadCodes(stage.codes)}>
            <Download aria-hidden="true" className="size-4" />
            Download
          </Button>
          <Button
            onClick={() => {
              setStage({ name: 'idle' });
              onFinished?.();
            }}
          >
            Done
          </Button>
        </div>
      </div>
    );
  } else if (stage.name === 'setup') {
    body = (
      <form onSubmit={(event) => submitCode(event, 'on')} noValidate className="space-y-4" aria-busy={busy}>
        <p className="text-sm text-slate-700">
          Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
        </p>
        {/* A white frame: the code must stay dark on light to scan, in the dark theme too. */}
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made by the server */}
        <img
          src={stage.setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="space-y-1">
          <p className="text-sm text-slate-700">Or enter this key in your app:</p>
          <p>
            <code
              data-testid="two-factor-secret"
              className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {stage.setup.secret}
            </code>
          </p>
        </div>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Turning on...' : 'Turn on'}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setStage({ name: 'idle' });
              setError(null);
              setCode('');
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  } else if (state.value?.enabled) {
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-green-800">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Two-factor authentication is on.
        </p>
        {state.value?.required ? (
          <p className="text-sm text-slate-700">It is required for admins on this server.</p>
        ) : (
          <form
            onSubmit={(event) => submitCode(event, 'off')}
            noValidate
            className="space-y-4"
            aria-busy={busy}
          >
            {error ? <FormAlert tone="error">{error}</FormAlert> : null}
            <TextField
              label="Code"
              name="code"
              autoComplete="one-time-code"
              hint="A code from your authenticator app, or a recovery code, to turn it off."
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Turning off...' : 'Turn off'}
            </Button>
          </form>
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Two-factor authentication is off. With it on, logging in with your password also asks for a code
          from an authenticator app on your phone.
        </p>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <Button
          disabled={busy}
          onClick={() => void run(startTwoFactorSetup, (setup) => setStage({ name: 'setup', setup }))}
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <SettingsSection title={TWO_FACTOR_TITLE} className={className}>
      {body}
    </SettingsSection>
  );
}
