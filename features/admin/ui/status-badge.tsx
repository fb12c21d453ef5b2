import { cn } from '@/shared/cn';
import { getStatusBadgeTone, type StatusBadgeTone } from '@/features/tasks/model/admin-status';

const TONE_CLASSES: Record<StatusBadgeTone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/**
 * A task's status badge: the colour by status, and the status in words, never colour alone
 * (docs/product.md#status-badges). The badge holds exactly the status, so tools find it by that text;
 * `Status:` for screen readers is a sibling (out of the flow, so it adds no gap in a flex row).
 */
export function StatusBadge({ status }: { status: string }) {
  const tone = getStatusBadgeTone(status);
  return (
    <>
      <span className="sr-only">Status: </span>
      <span
        data-tone={tone}
        className={cn(
          'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
          TONE_CLASSES[tone],
        )}
      >
        {status}
      </span>
    </>
  );
}
