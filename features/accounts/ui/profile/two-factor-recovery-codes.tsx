'use client';

import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { downloadText } from '@/shared/download-text';

export const RECOVERY_FILE_NAME = 'tasklane-recovery-codes.txt';

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
  downloadText(RECOVERY_FILE_NAME, recoveryCodesText(codes), 'text/plain');
}

async function copyCodes(codes: readonly string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast.success('Recovery codes copied.');
  } catch {
    toast.error('Could not copy the codes. Download them instead.');
  }
}

/** The ten recovery codes, shown once right after two-factor is turned on: copy, download, done. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
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
        {codes.map((recovery) => (
          <li key={recovery}>{recovery}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copyCodes(codes)}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        <Button variant="secondary" onClick={() => downloadCodes(codes)}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
