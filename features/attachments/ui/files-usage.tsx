'use client';

import { useEffect, useState } from 'react';
import type { FilesUsage } from '@/features/attachments/model/protocol';
import { fetchFilesUsage } from '@/features/attachments/client/attachments-api';
import { formatBytes } from '@/shared/format/bytes';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { ATTACHMENT_TEXTS } from './attachment-texts';

type State =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; usage: FilesUsage };

/**
 * Admin Settings' `Files` (docs/product.md#files-on-tasks): how many files the team keeps and what
 * they take, against the instance's limit when one is set, each file's and each task's limits, and
 * where the files are stored. The limits are the server's settings (MAX_UPLOAD_SIZE,
 * MAX_ATTACHMENTS_PER_TASK, MAX_FILES_TOTAL), said here, changed there.
 */
export function FilesUsageView() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchFilesUsage(controller.signal).then(
      (usage) => setState({ status: 'ready', usage }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: describeRequestFailure(error, ATTACHMENT_TEXTS.usageFailed) });
      },
    );
    return () => controller.abort();
  }, [round]);
  if (state.status === 'loading') return <LoadingLine>{ATTACHMENT_TEXTS.usageLoading}</LoadingLine>;
  if (state.status === 'error')
    return (
      <LoadError
        message={state.message}
        onRetry={() => {
          setState({ status: 'loading' });
          setRound((n) => n + 1);
        }}
      />
    );
  const { usage } = state;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p className="font-medium text-slate-900">
        {ATTACHMENT_TEXTS.usage(usage.files, formatBytes(usage.bytes))}
      </p>
      {usage.totalLimit === null ? (
        <p>{ATTACHMENT_TEXTS.noTotalLimit}</p>
      ) : (
        <>
          <p>{ATTACHMENT_TEXTS.totalLimit(formatBytes(usage.totalLimit))}</p>
          <progress
            aria-label={ATTACHMENT_TEXTS.usedOfLimit}
            max={usage.totalLimit}
            value={Math.min(usage.bytes, usage.totalLimit)}
            className="h-2 w-full accent-brand-600"
          />
        </>
      )}
      <p>{ATTACHMENT_TEXTS.limits(formatBytes(usage.maxUploadSize), usage.perTask)}</p>
      <p>{usage.storage === 's3' ? ATTACHMENT_TEXTS.storedS3 : ATTACHMENT_TEXTS.storedLocal}</p>
    </div>
  );
}
